import { contextHandler } from '#lib/router'
import * as create from './create.ts'
import * as csv from './export.ts'
import * as get from './get.ts'
import * as limits from './limits.ts'
import * as list from './list.ts'
import * as remove from './remove.ts'
import * as status from './status.ts'
import * as update from './update.ts'

export const handler = contextHandler('sites', {
  list,
  create,
  export: { handler: csv.handler },
  limits,
  get,
  update,
  remove,
  status,
})
