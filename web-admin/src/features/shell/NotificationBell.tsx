import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Badge, Button, Empty, Flex, Popover, Spin, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { errorMessage } from '../../lib/api.ts'
import { formatDateTime } from '../../lib/format.ts'
import { useToast } from '../../lib/toast.ts'
import {
  type FeedPage,
  feedQuery,
  type NoticesPage,
  noticesQuery,
  useMarkAsRead,
  useMarkNoticesRead,
} from './bellApi.ts'
import { useCurrentUser } from './useCurrentUser.ts'

type FeedItem = FeedPage['items'][number]
type PersonalNotice = NoticesPage['items'][number]

const BellIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
    />
  </svg>
)

/**
 * One row of the bell: its title and time, unread marked; opening it shows `children` (the text,
 * a link) and is what marks it read.
 */
const BellEntry = ({
  id,
  title,
  at,
  read,
  open,
  onOpen,
  children,
}: {
  id: string
  title: string
  at: string
  read: boolean
  open: boolean
  onOpen: () => void
  children: ReactNode
}) => {
  const { t, i18n } = useTranslation()
  return (
    <li style={{ listStyle: 'none', borderBottom: '1px solid rgba(5, 5, 5, 0.06)', padding: '8px 0' }}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={onOpen}
        style={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%' }}
      >
        <Flex align="baseline" gap={8}>
          {!read && <Badge status="processing" aria-label={t('content.bell.unread')} />}
          <Typography.Text strong={!read} style={{ flex: 1 }}>
            {title}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(at, i18n.language)}
        </Typography.Text>
      </button>
      {open && (
        <div id={id} style={{ marginTop: 4 }}>
          {children}
        </div>
      )}
    </li>
  )
}

/** One notification: opening it shows its text (and link) and marks it read. */
const FeedEntry = ({
  item,
  open,
  onOpen,
}: {
  item: FeedItem
  open: boolean
  onOpen: (item: FeedItem) => void
}) => {
  const { t } = useTranslation()
  return (
    <BellEntry
      id={`noti-${item.id}`}
      title={item.title}
      at={item.publicationDate}
      read={item.read}
      open={open}
      onOpen={() => onOpen(item)}
    >
      <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
        {item.content}
      </Typography.Paragraph>
      {item.contentUrl && (
        <a href={item.contentUrl} target="_blank" rel="noopener noreferrer">
          {t('content.bell.openLink')}
        </a>
      )}
    </BellEntry>
  )
}

/**
 * One personal notice (a publish request, or the decision on one's own): its text in the
 * interface language; opening it shows the comment and the link to the site's editor, and marks
 * it read.
 */
const PersonalEntry = ({
  notice,
  open,
  onOpen,
  onFollow,
}: {
  notice: PersonalNotice
  open: boolean
  onOpen: (notice: PersonalNotice) => void
  onFollow: () => void
}) => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  return (
    <BellEntry
      id={`notice-${notice.id}`}
      title={t(`content.bell.personal.${notice.kind}`, {
        by: notice.by ?? t('content.bell.personal.someone'),
        site: notice.siteName,
      })}
      at={notice.createdAt}
      read={notice.read}
      open={open}
      onOpen={() => onOpen(notice)}
    >
      {notice.comment && (
        <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
          {t('content.bell.personal.comment', { comment: notice.comment })}
        </Typography.Paragraph>
      )}
      <Link to={`/${info.userTypeSegment}/site/${encodeURIComponent(notice.siteId)}`} onClick={onFollow}>
        {t('content.bell.personal.openEditor')}
      </Link>
    </BellEntry>
  )
}

/**
 * The bell in the console header (SPEC §2): the unread count, and a list of the signed-in account's
 * system notifications with mark-all-as-read and show-more; an opened item is marked read. Above
 * them, the account's personal notices (publish approvals, issue 33 part 4), counted in the badge
 * and marked read the same way. It polls every 30 s while the tab is visible; the browser sends the
 * ETag back, so an unchanged system feed costs the API a 304 decided from memory
 * (docs/decisions/0044-notifications.md).
 */
export const NotificationBell = () => {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [expanded, setExpanded] = useState<string | null>(null)
  const feed = useInfiniteQuery(feedQuery(i18n.language))
  const notices = useQuery(noticesQuery(i18n.language))
  const mark = useMarkAsRead()
  const markNotices = useMarkNoticesRead()
  const systemUnread = feed.data?.pages[0]?.unreadCount ?? 0
  const personalUnread = notices.data?.unread ?? 0
  const unread = systemUnread + personalUnread
  const items = feed.data?.pages.flatMap((page) => page.items) ?? []
  // A personal list that cannot be read leaves the system notifications as they were.
  const personal = notices.data?.items ?? []
  const onError = (error: unknown) => toast.error(errorMessage(error))

  const onOpen = (item: FeedItem) => {
    setExpanded((current) => (current === item.id ? null : item.id))
    if (!item.read) mark.mutate({ notiIds: [item.id] }, { onError })
  }
  const onOpenNotice = (notice: PersonalNotice) => {
    const key = `personal:${notice.id}`
    setExpanded((current) => (current === key ? null : key))
    if (!notice.read) markNotices.mutate({ ids: [notice.id] }, { onError })
  }
  const markAll = () => {
    if (personalUnread > 0) markNotices.mutate({ all: true }, { onError })
    if (systemUnread > 0) mark.mutate({ all: true }, { onError })
  }
  const markingAll =
    (mark.isPending && mark.variables?.all === true) ||
    (markNotices.isPending && markNotices.variables?.all === true)

  const panel = (
    <section aria-label={t('content.bell.title')} style={{ width: 340, maxWidth: '80vw' }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('content.bell.title')}</Typography.Text>
        <Button size="small" type="link" disabled={unread === 0} loading={markingAll} onClick={markAll}>
          {t('content.bell.markAllRead')}
        </Button>
      </Flex>
      {personal.length > 0 && (
        <section aria-label={t('content.bell.personalTitle')}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('content.bell.personalTitle')}
          </Typography.Text>
          <ul style={{ margin: 0, padding: 0, maxHeight: 240, overflowY: 'auto' }}>
            {personal.map((notice) => (
              <PersonalEntry
                key={notice.id}
                notice={notice}
                open={expanded === `personal:${notice.id}`}
                onOpen={onOpenNotice}
                onFollow={() => setOpen(false)}
              />
            ))}
          </ul>
        </section>
      )}
      {feed.isPending ? (
        <Flex justify="center" style={{ padding: 16 }}>
          <Spin />
        </Flex>
      ) : feed.isError && items.length === 0 ? (
        <Typography.Text type="danger">{t('content.bell.loadFailed')}</Typography.Text>
      ) : items.length === 0 ? (
        personal.length > 0 ? null : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('content.bell.empty')} />
        )
      ) : (
        <div style={{ maxHeight: 420, overflowY: 'auto' }}>
          <ul style={{ margin: 0, padding: 0 }}>
            {items.map((item) => (
              <FeedEntry key={item.id} item={item} open={expanded === item.id} onOpen={onOpen} />
            ))}
          </ul>
          {feed.hasNextPage && (
            <Button
              block
              type="text"
              loading={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
              style={{ marginTop: 8 }}
            >
              {t('content.bell.showMore')}
            </Button>
          )}
        </div>
      )}
    </section>
  )

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" content={panel}>
      <Badge count={unread} size="small" overflowCount={99} offset={[-4, 4]}>
        <Button
          type="text"
          aria-label={unread > 0 ? t('content.bell.labelUnread', { n: unread }) : t('content.bell.label')}
          aria-haspopup="dialog"
          aria-expanded={open}
          icon={<BellIcon />}
          style={{ color: 'inherit' }}
        />
      </Badge>
    </Popover>
  )
}
