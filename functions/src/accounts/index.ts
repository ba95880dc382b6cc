import { contextHandler } from '#lib/router'
import * as contract from './contract.ts'
import * as create from './create.ts'
import * as get from './get.ts'
import * as list from './list.ts'
import * as remove from './remove.ts'
import * as subAdmins from './subAdmins.ts'
import * as update from './update.ts'

export const handler = contextHandler('accounts', {
  list,
  get,
  create,
  update,
  contract,
  remove,
  listSubAdmins: { handler: subAdmins.list },
  createSubAdmin: { handler: subAdmins.create },
  updateSubAdmin: { handler: subAdmins.update },
  removeSubAdmin: { handler: subAdmins.remove },
})
