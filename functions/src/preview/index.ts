import { contextHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { awsMail } from '#platform/aws/mail'
import * as commentCreate from './commentCreate.ts'
import * as commentReply from './commentReply.ts'
import * as comments from './comments.ts'
import * as commentUpdate from './commentUpdate.ts'
import * as company from './company.ts'
import * as login from './login.ts'
import * as page from './page.ts'
import * as product from './product.ts'
import * as seo from './seo.ts'
import * as setPassword from './setPassword.ts'
import * as shareInvite from './shareInvite.ts'
import * as shareList from './shareList.ts'
import * as shareRevoke from './shareRevoke.ts'
import * as shareStatus from './shareStatus.ts'
import * as site from './site.ts'
import * as views from './views.ts'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ mail: awsMail })

export const handler = contextHandler('preview', {
  site,
  seo,
  page,
  product,
  company,
  login,
  views,
  comments,
  commentCreate,
  commentReply,
  commentUpdate,
  shareInvite,
  shareList,
  shareRevoke,
  shareStatus,
  setPassword,
})
