import { FormSubmitBody } from '@swipe/shared'
import { routes } from '../routes.ts'
import { visitorPost } from './forms.ts'
import { receiveSubmission } from './submissions.ts'

/** POST /end-user/site/{siteId}/homepage: the homepage ("other") form with its optional mode; stored as kind `form`, mailed to the contact setting's recipient when there is one. */
export const handler = visitorPost(routes['endUser.homepage'], FormSubmitBody, ({ params, body }) =>
  receiveSubmission(params.siteId, 'homepage', body),
)
