import { contextHandler } from '#edge/router'
import * as deliveryCreate from './deliveryCreate.ts'
import * as deliveryGet from './deliveryGet.ts'
import * as deliveryList from './deliveryList.ts'
import * as deliveryRemove from './deliveryRemove.ts'
import * as deliveryUpdate from './deliveryUpdate.ts'
import * as deliveryUploadUrl from './deliveryUploadUrl.ts'
import * as myNotices from './myNotices.ts'
import * as myNoticesRead from './myNoticesRead.ts'
import * as newsCreate from './newsCreate.ts'
import * as newsGet from './newsGet.ts'
import * as newsList from './newsList.ts'
import * as newsRemove from './newsRemove.ts'
import * as newsShow from './newsShow.ts'
import * as newsUpdate from './newsUpdate.ts'
import * as newsUploadUrl from './newsUploadUrl.ts'
import * as systemNotiCreate from './systemNotiCreate.ts'
import * as systemNotiGet from './systemNotiGet.ts'
import * as systemNotiList from './systemNotiList.ts'
import * as systemNotiMarkAsRead from './systemNotiMarkAsRead.ts'
import * as systemNotiRemove from './systemNotiRemove.ts'
import * as systemNotiShow from './systemNotiShow.ts'
import * as systemNotiUpdate from './systemNotiUpdate.ts'

export const handler = contextHandler('content', {
  systemNotiList,
  systemNotiCreate,
  systemNotiShow,
  systemNotiMarkAsRead,
  myNotices,
  myNoticesRead,
  systemNotiGet,
  systemNotiUpdate,
  systemNotiRemove,
  newsList,
  newsCreate,
  newsShow,
  newsUploadUrl,
  newsGet,
  newsUpdate,
  newsRemove,
  deliveryList,
  deliveryCreate,
  deliveryUploadUrl,
  deliveryGet,
  deliveryUpdate,
  deliveryRemove,
})
