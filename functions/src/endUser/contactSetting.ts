import { routes } from '../routes.ts'
import { formSettingEndpoint } from './forms.ts'

/** GET /end-user/site/{siteId}/contact-setting?lang=: the contact form of a language as the page renders it. */
export const handler = formSettingEndpoint(routes['endUser.contactSetting'], 'contact')
