import type { DeliverySchema } from '@swipe/shared/contract/content'
import type { DeliveryLang } from '@swipe/shared/schemas/content'
import type * as z from 'zod'
import { now } from '#platform/services/clock'
import type { Notice } from '../data/content.ts'
import { noticeView } from './notices.ts'

/** A delivery as its site's writers see it. */
export const deliveryView = async (item: Notice, at = now()): Promise<z.input<typeof DeliverySchema>> => ({
  ...(await noticeView(item, at)),
  siteId: item.ownerKey,
  lang: (item.lang ?? 'ALL') as DeliveryLang,
})
