import { contextHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { awsMail } from '#platform/aws/mail'
import * as common from './common.ts'
import * as company from './company.ts'
import * as contact from './contact.ts'
import * as contactSetting from './contactSetting.ts'
import * as ctaClick from './ctaClick.ts'
import * as ctas from './ctas.ts'
import * as homepage from './homepage.ts'
import * as homepageSetting from './homepageSetting.ts'
import * as login from './login.ts'
import * as logout from './logout.ts'
import * as membershipSetting from './membershipSetting.ts'
import * as notiDelivery from './notiDelivery.ts'
import * as page from './page.ts'
import * as pagePrivate from './pagePrivate.ts'
import * as product from './product.ts'
import * as productPrivate from './productPrivate.ts'
import * as register from './register.ts'
import * as registerConfirm from './registerConfirm.ts'
import * as resendRegisterEmail from './resendRegisterEmail.ts'
import * as resolve from './resolve.ts'
import * as scripts from './scripts.ts'
import * as seo from './seo.ts'
import * as site from './site.ts'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ mail: awsMail })

export const handler = contextHandler('endUser', {
  site,
  seo,
  common,
  company,
  scripts,
  page,
  product,
  resolve,
  ctas,
  ctaClick,
  contactSetting,
  membershipSetting,
  homepageSetting,
  register,
  registerConfirm,
  resendRegisterEmail,
  login,
  logout,
  pagePrivate,
  productPrivate,
  contact,
  homepage,
  notiDelivery,
})
