import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { formSettingEndpoint } from './forms.ts'

/** GET /end-user/site/{siteId}/membership-setting?lang=: the membership form of a language as the page renders it. */
export const handler = formSettingEndpoint(endUserRoutes['endUser.membershipSetting'], 'membership')
