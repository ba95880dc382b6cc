import { Alert, Button, Flex, Spin, Tag, Typography } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../../lib/api.ts'
import type { Checklist, ChecklistItem } from './checklist-api.ts'
import { whereOf } from './checklistModel.ts'

interface PublishChecklistProps {
  checklist: Checklist | undefined
  loading: boolean
  /** The checklist could not be run (shown with the server's message). */
  error?: unknown
  /** 該当箇所へ: the editor opens the item's place. Without it the items have no button. */
  onOpen?: ((item: ChecklistItem) => void) | undefined
}

/** One item: what is wrong, where, and the way there. */
const Item = ({ item, onOpen }: { item: ChecklistItem; onOpen: PublishChecklistProps['onOpen'] }) => {
  const { t } = useTranslation()
  const id = useId()
  const where = whereOf(t, item)
  return (
    <li data-rule={item.rule} style={{ padding: '8px 0', borderBottom: '1px solid rgba(0, 0, 0, 0.06)' }}>
      <Flex justify="space-between" align="start" gap={8}>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text id={id} type={item.severity === 'blocking' ? 'danger' : undefined}>
            {item.message}
          </Typography.Text>
          <Typography.Text type="secondary">{where}</Typography.Text>
        </Flex>
        {onOpen && (
          <Button size="small" aria-describedby={id} onClick={() => onOpen(item)} style={{ flex: 'none' }}>
            {t('siteEditor.checklist.open')}
          </Button>
        )}
      </Flex>
    </li>
  )
}

/** A severity's items under their heading, or nothing when there are none. */
const Group = ({
  items,
  severity,
  onOpen,
}: {
  items: readonly ChecklistItem[]
  severity: ChecklistItem['severity']
  onOpen: PublishChecklistProps['onOpen']
}) => {
  const { t } = useTranslation()
  const id = useId()
  if (items.length === 0) return null
  const blocking = severity === 'blocking'
  return (
    <section aria-labelledby={id} data-severity={severity}>
      <Flex align="center" gap={8} style={{ marginTop: 8 }}>
        <Tag color={blocking ? 'red' : 'gold'} style={{ margin: 0 }}>
          {items.length}
        </Tag>
        <Typography.Title
          id={id}
          level={4}
          type={blocking ? 'danger' : 'warning'}
          style={{ fontSize: 15, margin: 0 }}
        >
          {t(blocking ? 'siteEditor.checklist.blocking' : 'siteEditor.checklist.warnings')}
        </Typography.Title>
      </Flex>
      <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {items.map((item, index) => (
          <Item
            // Items have no id; the same rule can name the same place twice (two links of one cell).
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced as a whole
            key={`${item.rule}-${item.lang}-${item.position}-${item.field}-${index}`}
            item={item}
            onOpen={onOpen}
          />
        ))}
      </ul>
    </section>
  )
}

/**
 * The pre-publish checklist (issue 33 part 4): the items that refuse a publish first, under
 * 「公開できません」 in red, then the warnings, each with its message, where it is and a button that
 * opens that place in the editor; below, how many external links were checked.
 */
export const PublishChecklist = ({ checklist, loading, error, onOpen }: PublishChecklistProps) => {
  const { t } = useTranslation()
  if (loading && !checklist)
    return (
      <Flex align="center" gap={8} role="status" style={{ padding: '16px 0' }}>
        <Spin size="small" />
        <Typography.Text>{t('siteEditor.checklist.loading')}</Typography.Text>
      </Flex>
    )
  if (!checklist)
    return (
      <Alert
        type="error"
        showIcon
        title={t('siteEditor.checklist.failed')}
        description={error ? errorMessage(error) : undefined}
      />
    )
  const blocking = checklist.items.filter((item) => item.severity === 'blocking')
  const warnings = checklist.items.filter((item) => item.severity !== 'blocking')
  const { checked, unchecked } = checklist.links
  return (
    <Flex vertical gap={8} data-testid="publish-checklist">
      {checklist.items.length === 0 ? (
        <Alert type="success" showIcon title={t('siteEditor.checklist.empty')} />
      ) : (
        <>
          <Group items={blocking} severity="blocking" onOpen={onOpen} />
          <Group items={warnings} severity="warning" onOpen={onOpen} />
        </>
      )}
      {checked + unchecked > 0 && (
        <Typography.Text type="secondary" data-testid="checklist-links">
          {unchecked > 0
            ? t('siteEditor.checklist.linksUnchecked', { checked, unchecked })
            : t('siteEditor.checklist.links', { checked })}
        </Typography.Text>
      )}
    </Flex>
  )
}
