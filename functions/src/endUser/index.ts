import { contextHandler } from '#lib/router'
import * as common from './common.ts'
import * as company from './company.ts'
import * as ctaClick from './ctaClick.ts'
import * as ctas from './ctas.ts'
import * as page from './page.ts'
import * as product from './product.ts'
import * as resolve from './resolve.ts'
import * as scripts from './scripts.ts'
import * as seo from './seo.ts'
import * as site from './site.ts'

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
})
