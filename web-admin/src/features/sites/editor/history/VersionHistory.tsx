import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Checkbox, Drawer, Flex, Tag, Tooltip, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatSiteDateTime } from '../../../../components/dates.ts'
import { LoadingPanel } from '../../../../components/LoadingPanel.tsx'
import { errorMessage } from '../../../../lib/api.ts'
import { useToast } from '../../../../lib/toast.ts'
import { type SiteDetail, siteKeys } from '../../api.ts'
import {
  compareQuery,
  historyKeys,
  type SiteVersionView,
  useRestoreVersion,
  useRollback,
  type VersionComparison,
  versionsQuery,
} from './history-api.ts'

interface VersionHistoryProps {
  siteId: string
  /** The site version the editor saved with: a rollback sends it (409 when another change came first). */
  version: number
  /** The account may publish: only then is a version offered to return to. */
  canRollback: boolean
  /** Loads the site again after a rollback (its version went up and the live site changed). */
  reload: () => Promise<unknown>
  /** The account may edit: a version can be restored to the draft. */
  canRestore: boolean
  /** The editor holds unsaved edits (a restore replaces them: the confirmation says so). */
  dirty: boolean
  /** The draft was restored from a version: the stored site the editor now starts from. */
  onRestored: (site: SiteDetail) => void
  /** Two versions were compared: the editor shows what differs. */
  onCompare: (comparison: VersionComparison) => void
  /** Why rollbacks are offered but refused (publishing needs an approval: issue 33 part 5). */
  rollbackRefusal?: string | null | undefined
}

/** Versions picked for a compare. */
const COMPARED = 2

/** Its content is still kept: it can be compared and restored (the live one always is). */
const isKept = (item: SiteVersionView) => item.live || item.canRollback

/** What changed against the version before, in one line. */
const summaryOf = (t: TFunction, { summary }: SiteVersionView): string => {
  if (summary.first) return t('siteEditor.history.summary.first')
  const parts: string[] = []
  if (summary.cells > 0)
    parts.push(
      t('siteEditor.history.summary.cells', { languages: summary.languages.length, cells: summary.cells }),
    )
  else if (summary.languages.length > 0)
    parts.push(t('siteEditor.history.summary.languages', { languages: summary.languages.length }))
  if (summary.global) parts.push(t('siteEditor.history.summary.global'))
  if (parts.length === 0) return t('siteEditor.history.summary.none')
  return parts.join(t('siteEditor.history.summary.separator'))
}

/** One version: when, who, what it did and changed, whether it is live, and the way back to it. */
const VersionItem = ({
  item,
  restoredAt,
  rollbackOffered,
  restoreOffered,
  busy,
  onRollback,
  onRestore,
  picked,
  pickable,
  onPick,
  rollbackRefusal,
}: {
  item: SiteVersionView
  /** When the version a rollback returned to was published, if it is loaded. */
  restoredAt: string | null
  rollbackOffered: boolean
  restoreOffered: boolean
  busy: boolean
  onRollback: (item: SiteVersionView) => void
  onRestore: (item: SiteVersionView) => void
  picked: boolean
  /** Another version can be picked for the compare (fewer than two are). */
  pickable: boolean
  onPick: (item: SiteVersionView, picked: boolean) => void
  rollbackRefusal: string | null | undefined
}) => {
  const { t } = useTranslation()
  const kept = isKept(item)
  return (
    <li
      data-version={item.id}
      style={{ padding: '12px 0', borderBottom: '1px solid rgba(0, 0, 0, 0.06)', listStyle: 'none' }}
    >
      <Flex vertical gap={4}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong>{t(`siteEditor.history.actions.${item.action}`)}</Typography.Text>
          {item.live && <Tag color="green">{t('siteEditor.history.live')}</Tag>}
        </Flex>
        <Typography.Text type="secondary">
          <time dateTime={item.at}>{formatSiteDateTime(item.at)}</time>
          {' / '}
          {item.by ?? t('siteEditor.history.system')}
        </Typography.Text>
        {item.action === 'rollback' && restoredAt && (
          <Typography.Text>{t('siteEditor.history.restoredFrom', { date: restoredAt })}</Typography.Text>
        )}
        <Typography.Text>{summaryOf(t, item)}</Typography.Text>
        {kept && (
          <Flex gap={8} wrap align="center">
            <Checkbox
              checked={picked}
              disabled={!picked && !pickable}
              onChange={(event) => onPick(item, event.target.checked)}
            >
              {t('siteEditor.history.compare.pick')}
            </Checkbox>
            {rollbackOffered && item.canRollback && !item.live && (
              <Tooltip title={rollbackRefusal}>
                <Button
                  size="small"
                  disabled={busy || Boolean(rollbackRefusal)}
                  onClick={() => onRollback(item)}
                >
                  {t('siteEditor.history.rollback')}
                </Button>
              </Tooltip>
            )}
            {restoreOffered && (
              <Button size="small" disabled={busy} onClick={() => onRestore(item)}>
                {t('siteEditor.history.restore.button')}
              </Button>
            )}
          </Flex>
        )}
        {!kept && <Typography.Text type="secondary">{t('siteEditor.history.gone')}</Typography.Text>}
      </Flex>
    </li>
  )
}

/** The loaded versions, newest first, 20 at a time with "load more" below. */
const VersionList = ({
  siteId,
  version,
  canRollback,
  reload,
  canRestore,
  dirty,
  onRestored,
  onCompare,
  onDone,
  rollbackRefusal,
}: VersionHistoryProps & { onDone: () => void }) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const toast = useToast()
  const client = useQueryClient()
  const history = useInfiniteQuery(versionsQuery(siteId, version))
  const rollback = useRollback(siteId)
  const restore = useRestoreVersion(siteId)
  const [picked, setPicked] = useState<readonly string[]>([])
  const [comparing, setComparing] = useState(false)
  const items = history.data?.pages.flatMap((page) => page.items) ?? []
  const atOf = new Map(items.map((item) => [item.id, item.at]))

  const pick = (item: SiteVersionView, on: boolean) =>
    setPicked((now) => (on ? [...now, item.id].slice(-COMPARED) : now.filter((id) => id !== item.id)))

  // The older of the two is the base: the compare says what the newer changed.
  const compare = async () => {
    const [older, newer] = [...picked].sort()
    if (!older || !newer) return
    setComparing(true)
    try {
      onCompare(await client.fetchQuery(compareQuery(siteId, older, newer)))
      onDone()
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setComparing(false)
    }
  }

  const confirmRestore = (item: SiteVersionView) =>
    modal.confirm({
      title: t('siteEditor.history.restore.title'),
      content: [
        t('siteEditor.history.restore.content', { date: formatSiteDateTime(item.at) }),
        ...(dirty ? [t('siteEditor.history.restore.unsaved')] : []),
      ].join(''),
      okText: t('siteEditor.history.restore.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const answer = await restore.mutateAsync({ versionId: item.id, version })
          toast.success(answer.message)
          onRestored(answer)
          onDone()
        } catch (error) {
          toast.error(errorMessage(error))
          void client.invalidateQueries({ queryKey: historyKeys.site(siteId) })
        }
      },
    })

  const confirmRollback = (item: SiteVersionView) =>
    modal.confirm({
      title: t('siteEditor.history.confirm.title'),
      content: t('siteEditor.history.confirm.content', { date: formatSiteDateTime(item.at) }),
      okText: t('siteEditor.history.confirm.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const answer = await rollback.mutateAsync({ versionId: item.id, version })
          toast.success(answer.message)
          void client.invalidateQueries({ queryKey: siteKeys.lists() })
          await reload()
        } catch (error) {
          // The server's message says what stopped it: a 409 (another change was saved first) asks
          // for a reload, which is left to the user (the editor's draft stays as it is); a version
          // that went live or lost its release shows as it now is.
          toast.error(errorMessage(error))
          void client.invalidateQueries({ queryKey: historyKeys.site(siteId) })
        }
      },
    })

  return (
    <LoadingPanel query={history} isEmpty={items.length === 0} empty={t('siteEditor.history.empty')}>
      {items.length > 1 && (
        <Flex align="center" justify="space-between" gap={8} wrap style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">
            {t('siteEditor.history.compare.hint', { count: picked.length })}
          </Typography.Text>
          <Button
            type="primary"
            size="small"
            disabled={picked.length < COMPARED}
            loading={comparing}
            onClick={() => void compare()}
          >
            {t('siteEditor.history.compare.run')}
          </Button>
        </Flex>
      )}
      <ol aria-label={t('siteEditor.history.title')} style={{ margin: 0, padding: 0 }}>
        {items.map((item) => {
          const restored = item.restoredFrom ? atOf.get(item.restoredFrom) : undefined
          return (
            <VersionItem
              key={item.id}
              item={item}
              restoredAt={restored ? formatSiteDateTime(restored) : null}
              rollbackOffered={canRollback}
              restoreOffered={canRestore}
              busy={rollback.isPending || restore.isPending}
              onRollback={confirmRollback}
              onRestore={confirmRestore}
              picked={picked.includes(item.id)}
              pickable={picked.length < COMPARED}
              onPick={pick}
              rollbackRefusal={rollbackRefusal}
            />
          )
        })}
      </ol>
      {history.hasNextPage && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {t('siteEditor.history.more')}
          </Button>
        </Flex>
      )}
    </LoadingPanel>
  )
}

/**
 * The site's version history (issue 33; docs/decisions/0064-versions-and-rollback.md): a button
 * beside the live-site state that opens a drawer as wide as a laptop allows and the whole width of a
 * phone, listing every publish and rollback with who, when and what changed, the live one marked.
 * Accounts that may publish can return the live site to a kept version at once; the draft stays.
 * Any two kept versions can be compared (the editor then badges what differs), and accounts that
 * may edit can restore a kept version into the draft, as a save.
 */
export const VersionHistory = (props: VersionHistoryProps) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('siteEditor.history.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('siteEditor.history.title')}
        size="min(560px, 100vw)"
        destroyOnHidden
      >
        {open && <VersionList {...props} onDone={() => setOpen(false)} />}
      </Drawer>
    </>
  )
}
