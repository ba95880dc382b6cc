import { contextHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { awsSecrets } from '#platform/aws/secrets'
import * as conversionCredentialsRemove from './conversionCredentialsRemove.ts'
import * as conversionCredentialsSet from './conversionCredentialsSet.ts'
import * as conversionDeliveries from './conversionDeliveries.ts'
import * as conversionsGet from './conversionsGet.ts'
import * as docs from './docs.ts'
import * as keyCreate from './keyCreate.ts'
import * as keyRevoke from './keyRevoke.ts'
import * as keyRotate from './keyRotate.ts'
import * as openAnalytics from './openAnalytics.ts'
import * as openapi from './openapi.ts'
import * as openContacts from './openContacts.ts'
import * as openContent from './openContent.ts'
import * as openForms from './openForms.ts'
import * as openMembers from './openMembers.ts'
import * as settingsGet from './settingsGet.ts'
import * as settingsPut from './settingsPut.ts'
import * as webhookCreate from './webhookCreate.ts'
import * as webhookDeliveries from './webhookDeliveries.ts'
import * as webhookList from './webhookList.ts'
import * as webhookRemove from './webhookRemove.ts'
import * as webhookResend from './webhookResend.ts'
import * as webhookRotateSecret from './webhookRotateSecret.ts'
import * as webhookUpdate from './webhookUpdate.ts'

// Sealing a destination's credentials reads the vault key's secret.
declareAwsAdapters({ secrets: awsSecrets })

export const handler = contextHandler('apiAccess', {
  openapi,
  settingsGet,
  settingsPut,
  keyCreate,
  keyRevoke,
  keyRotate,
  docs,
  webhookList,
  webhookCreate,
  webhookUpdate,
  webhookRotateSecret,
  webhookRemove,
  webhookDeliveries,
  webhookResend,
  conversionsGet,
  conversionCredentialsSet,
  conversionCredentialsRemove,
  conversionDeliveries,
  openMembers,
  openContacts,
  openForms,
  openAnalytics,
  openContent,
})
