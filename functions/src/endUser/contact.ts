import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { visitorPost } from './forms.ts'
import { receiveSubmission } from './submissions.ts'

/** POST /end-user/site/{siteId}/contact: the contact form; stored as kind `contact` and mailed to the contact setting's recipient. */
export const handler = visitorPost(endUserRoutes['endUser.contact'], ({ params, body, event }) =>
  receiveSubmission(params.siteId, 'contact', body, event),
)
