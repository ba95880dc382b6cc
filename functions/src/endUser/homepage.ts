import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { visitorPost } from './forms.ts'
import { receiveSubmission } from './submissions.ts'

/** POST /end-user/site/{siteId}/homepage: the homepage ("other") form with its optional mode; stored as kind `form`, mailed to the contact setting's recipient when there is one. */
export const handler = visitorPost(endUserRoutes['endUser.homepage'], ({ params, body, event }) =>
  receiveSubmission(params.siteId, 'homepage', body, event),
)
