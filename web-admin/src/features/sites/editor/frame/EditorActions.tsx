import { Button, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import type { EditorBusy, SaveAction } from './useEditorActions.ts'

interface EditorActionsProps {
  busy: EditorBusy
  /** The account may change the status (draft, public, private): all but plain save need it. */
  canPublish: boolean
  onRun: (action: SaveAction) => void
  onDelete: () => void
}

const SAVE_ACTIONS: readonly { action: SaveAction; primary?: boolean }[] = [
  { action: 'draft' },
  { action: 'save', primary: true },
  { action: 'publish' },
  { action: 'private' },
]

/** The editor's actions (SPEC §4). While one runs it shows progress and the others wait. */
export const EditorActions = ({ busy, canPublish, onRun, onDelete }: EditorActionsProps) => {
  const { t } = useTranslation()
  return (
    <Flex gap={8} wrap>
      {SAVE_ACTIONS.filter(({ action }) => canPublish || action === 'save').map(({ action, primary }) => (
        <Button
          key={action}
          type={primary ? 'primary' : 'default'}
          loading={busy === action}
          disabled={busy !== null && busy !== action}
          onClick={() => onRun(action)}
        >
          {t(`siteEditor.actions.${action}`)}
        </Button>
      ))}
      <Button
        danger
        loading={busy === 'delete'}
        disabled={busy !== null && busy !== 'delete'}
        onClick={onDelete}
      >
        {t('siteEditor.actions.delete')}
      </Button>
    </Flex>
  )
}
