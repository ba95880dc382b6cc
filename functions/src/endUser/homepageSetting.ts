import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { formSettingEndpoint } from './forms.ts'

/** GET /end-user/site/{siteId}/homepage-setting?lang=: the homepage form of a language as the page renders it. */
export const handler = formSettingEndpoint(endUserRoutes['endUser.homepageSetting'], 'homepage')
