/** Every screen of the content feature (issue 20), one lazy chunk: app/routes.tsx picks by page key. */
import { NoticeCreatePage, NoticeDetailPage, NoticeEditPage, NoticeListPage } from './NoticePages.tsx'
import { SystemNotificationListPage } from './SystemNotificationListPage.tsx'
import { CreateNotificationPage, NotificationDetailPage } from './SystemNotificationPages.tsx'

export const CONTENT_PAGES = {
  latestInformation: NoticeListPage,
  latestInformationCreate: NoticeCreatePage,
  latestInformationDetail: NoticeDetailPage,
  latestInformationEdit: NoticeEditPage,
  notificationDelivery: NoticeListPage,
  notificationDeliveryCreate: NoticeCreatePage,
  notificationDeliveryDetail: NoticeDetailPage,
  notificationDeliveryEdit: NoticeEditPage,
  systemNotification: SystemNotificationListPage,
  createNotification: CreateNotificationPage,
  notificationDetail: NotificationDetailPage,
} as const

/** The console page keys this feature draws. */
export type ContentPageKey = keyof typeof CONTENT_PAGES
