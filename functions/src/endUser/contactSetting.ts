import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { formSettingEndpoint } from './forms.ts'

/** GET /end-user/site/{siteId}/contact-setting?lang=: the contact form of a language as the page renders it. */
export const handler = formSettingEndpoint(endUserRoutes['endUser.contactSetting'], 'contact')
