import { FormSubmitBody } from '@swipe/shared'
import { routes } from '../routes.ts'
import { visitorPost } from './forms.ts'
import { receiveSubmission } from './submissions.ts'

/** POST /end-user/site/{siteId}/contact: the contact form; stored as kind `contact` and mailed to the contact setting's recipient. */
export const handler = visitorPost(routes['endUser.contact'], FormSubmitBody, ({ params, body }) =>
  receiveSubmission(params.siteId, 'contact', body),
)
