import { lazy, Suspense } from 'react'
import { loadFeatureTexts } from '../../i18n/index.ts'
import type { UserInfo } from '../../lib/session.ts'

/** The bell and its texts: a chunk of their own, fetched after the console shell has rendered. */
const NotificationBell = lazy(async () => {
  const [bell] = await Promise.all([import('./NotificationBell.tsx'), loadFeatureTexts('content')])
  return { default: bell.NotificationBell }
})

/** System notification receivers (SPEC §2, §6): everyone but MASTER (and its sub-admins), who write them. */
export const receivesSystemNotifications = (info: Pick<UserInfo, 'accountType' | 'parentType'>): boolean =>
  (info.accountType === 'SUB_ADMIN' ? info.parentType : info.accountType) !== 'MASTER'

/** The header's bell, for receivers only. */
export const HeaderBell = ({ info }: { info: UserInfo }) =>
  receivesSystemNotifications(info) ? (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  ) : null
