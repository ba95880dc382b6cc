import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Flex, Modal, Typography } from 'antd'
import { type ReactNode, useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ApiErrorDetail } from '../../../../lib/api.ts'
import { type Checklist, type ChecklistItem, checklistKeys, checklistQuery } from './checklist-api.ts'
import { PublishChecklist } from './PublishChecklist.tsx'

/** Why the dialog is open: before a publish (it asks), to look (no publish), after a refusal. */
type Mode = 'publish' | 'view' | 'refused'

interface Shown {
  mode: Mode
  version: number
  /** The checklist items a refused publish named (the draft changed between check and publish). */
  refusal: readonly ApiErrorDetail[]
}

interface Options {
  siteId: string
  /** 該当箇所へ: the dialog closes (a publish waiting on it does not go on) and the editor opens it. */
  onOpenItem: (item: ChecklistItem) => void
  /** The editor holds edits not saved yet: the checklist runs on the saved draft (the view says so). */
  dirty: boolean
}

/** The dialog's body and buttons while open. */
const ChecklistDialogBody = ({
  siteId,
  shown,
  dirty,
  onOpenItem,
  onAnswer,
}: {
  siteId: string
  shown: Shown
  dirty: boolean
  onOpenItem: (item: ChecklistItem) => void
  onAnswer: (go: boolean) => void
}) => {
  const { t } = useTranslation()
  const query = useQuery(checklistQuery(siteId, shown.version))
  const blocking = query.data?.blocking ?? 0
  const warnings = query.data?.warnings ?? 0
  let confirm: ReactNode = null
  if (shown.mode === 'publish')
    confirm =
      blocking > 0 ? (
        <Typography.Text type="danger">{t('siteEditor.checklist.blockedHint')}</Typography.Text>
      ) : (
        <Button type="primary" disabled={!query.data} onClick={() => onAnswer(true)}>
          {t(warnings > 0 ? 'siteEditor.checklist.publishAnyway' : 'siteEditor.checklist.publish')}
        </Button>
      )
  return (
    <Flex vertical gap={12}>
      {shown.mode === 'refused' && (
        <Alert
          type="error"
          showIcon
          title={t('siteEditor.checklist.refused')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {shown.refusal.map((detail, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the refusal is shown as a whole
                <li key={`${detail.code}-${index}`}>{detail.message}</li>
              ))}
            </ul>
          }
        />
      )}
      {shown.mode === 'view' && dirty && (
        <Alert type="info" showIcon title={t('siteEditor.checklist.unsaved')} />
      )}
      <PublishChecklist
        checklist={query.data}
        loading={query.isFetching}
        error={query.error}
        onOpen={onOpenItem}
      />
      <Flex justify="end" align="center" gap={8} wrap>
        <Button loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('siteEditor.checklist.rerun')}
        </Button>
        <Button onClick={() => onAnswer(false)}>
          {t(shown.mode === 'publish' ? 'siteEditor.checklist.back' : 'siteEditor.checklist.close')}
        </Button>
        {confirm}
      </Flex>
    </Flex>
  )
}

/**
 * The 「公開前チェック」 dialog and the ways to open it: `confirm` before a publish (it opens only when
 * the checklist has items: blocking ones keep the publish button disabled, warnings turn it into
 * 「警告を確認して公開」); `view` from the toolbar, to look without publishing; `refused` when the
 * server refused a publish for checklist items after all (the draft changed in between).
 */
export const useChecklistDialog = ({ siteId, onOpenItem, dirty }: Options) => {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [shown, setShown] = useState<Shown | null>(null)
  const answer = useRef<((go: boolean) => void) | null>(null)

  const close = useCallback((go: boolean) => {
    answer.current?.(go)
    answer.current = null
    setShown(null)
  }, [])

  /**
   * Before the publish of the saved draft at `version`: true to go on. A checklist that cannot be
   * run does not stop the publish: the server runs it again and refuses what blocks.
   */
  const confirm = useCallback(
    async (version: number): Promise<boolean> => {
      let checklist: Checklist
      try {
        checklist = await client.fetchQuery(checklistQuery(siteId, version))
      } catch {
        return true
      }
      if (checklist.items.length === 0) return true
      return new Promise<boolean>((resolve) => {
        answer.current = resolve
        setShown({ mode: 'publish', version, refusal: [] })
      })
    },
    [client, siteId],
  )

  const view = useCallback((version: number) => setShown({ mode: 'view', version, refusal: [] }), [])

  const refused = useCallback(
    (version: number, refusal: readonly ApiErrorDetail[]) => {
      void client.invalidateQueries({ queryKey: checklistKeys.site(siteId) })
      setShown({ mode: 'refused', version, refusal })
    },
    [client, siteId],
  )

  const element = (
    <Modal
      open={shown !== null}
      onCancel={() => close(false)}
      footer={null}
      title={t('siteEditor.checklist.title')}
      width="min(640px, calc(100vw - 32px))"
      destroyOnHidden
    >
      {shown && (
        <ChecklistDialogBody
          siteId={siteId}
          shown={shown}
          dirty={dirty}
          onAnswer={close}
          onOpenItem={(item) => {
            close(false)
            onOpenItem(item)
          }}
        />
      )}
    </Modal>
  )

  return { confirm, view, refused, element }
}
