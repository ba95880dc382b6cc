import { contextHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { invokedHostMap } from '#platform/aws/invoked-host-map'
import { awsMail } from '#platform/aws/mail'
import * as approvalGet from './approvalGet.ts'
import * as approvalPut from './approvalPut.ts'
import * as bulkAbort from './bulkAbort.ts'
import * as bulkComplete from './bulkComplete.ts'
import * as bulkStart from './bulkStart.ts'
import * as bulkStatus from './bulkStatus.ts'
import * as checklist from './checklist.ts'
import * as confirmUpload from './confirmUpload.ts'
import * as create from './create.ts'
import * as experimentCreate from './experimentCreate.ts'
import * as experimentCsv from './experimentCsv.ts'
import * as experimentGet from './experimentGet.ts'
import * as experiments from './experimentList.ts'
import * as experimentPromote from './experimentPromote.ts'
import * as experimentStop from './experimentStop.ts'
import * as csv from './export.ts'
import * as get from './get.ts'
import * as limits from './limits.ts'
import * as list from './list.ts'
import * as logoUrl from './logoUrl.ts'
import * as mediaStatus from './mediaStatus.ts'
import * as publishRequest from './publishRequest.ts'
import * as publishRequestApprove from './publishRequestApprove.ts'
import * as publishRequestReject from './publishRequestReject.ts'
import * as remove from './remove.ts'
import * as restoreVersion from './restoreVersion.ts'
import * as rollback from './rollback.ts'
import * as scheduleGet from './scheduleGet.ts'
import * as schedulePut from './schedulePut.ts'
import * as status from './status.ts'
import * as update from './update.ts'
import * as uploadUrls from './uploadUrls.ts'
import * as variantSave from './variantSave.ts'
import * as versionCompare from './versionCompare.ts'
import * as versions from './versions.ts'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ hostMap: invokedHostMap, mail: awsMail })

export const handler = contextHandler('sites', {
  list,
  create,
  export: { handler: csv.handler },
  limits,
  get,
  update,
  remove,
  status,
  uploadUrls,
  logoUrl,
  confirmUpload,
  bulkStart,
  bulkComplete,
  bulkAbort,
  bulkStatus,
  mediaStatus,
  versions,
  versionCompare,
  rollback,
  restoreVersion,
  scheduleGet,
  schedulePut,
  checklist,
  approvalGet,
  approvalPut,
  publishRequest,
  publishRequestApprove,
  publishRequestReject,
  experiments,
  experimentCreate,
  experimentGet,
  experimentCsv: { handler: experimentCsv.handler },
  experimentStop,
  experimentPromote,
  variantSave,
})
