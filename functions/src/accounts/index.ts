import { contextHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { awsMail } from '#platform/aws/mail'
import * as contract from './contract.ts'
import * as create from './create.ts'
import * as csv from './csv.ts'
import * as get from './get.ts'
import * as list from './list.ts'
import * as profile from './profile.ts'
import * as remove from './remove.ts'
import * as subAdmins from './subAdmins.ts'
import * as summary from './summary.ts'
import * as update from './update.ts'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ mail: awsMail })

export const handler = contextHandler('accounts', {
  list,
  get,
  create,
  update,
  contract,
  remove,
  export: { handler: csv.exportCsv },
  importUploadUrl: { handler: csv.uploadUrl },
  importPreview: { handler: csv.preview },
  importCommit: { handler: csv.commit },
  listSubAdmins: { handler: subAdmins.list },
  createSubAdmin: { handler: subAdmins.create },
  updateSubAdmin: { handler: subAdmins.update },
  removeSubAdmin: { handler: subAdmins.remove },
  logoUploadUrl: { handler: profile.uploadUrl },
  logoConfirm: { handler: profile.confirm },
  logoRemove: { handler: profile.remove },
  summary,
})
