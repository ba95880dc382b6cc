import { routes } from '../routes.ts'
import { formSettingEndpoint } from './forms.ts'

/** GET /end-user/site/{siteId}/membership-setting?lang=: the membership form of a language as the page renders it. */
export const handler = formSettingEndpoint(routes['endUser.membershipSetting'], 'membership')
