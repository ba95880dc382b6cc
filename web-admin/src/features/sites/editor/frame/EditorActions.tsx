import { Button, Flex, Tooltip } from 'antd'
import { Fragment, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { visuallyHidden } from '../../../../components/visuallyHidden.ts'
import type { EditorBusy, SaveAction } from './useEditorActions.ts'

interface EditorActionsProps {
  busy: EditorBusy
  /** The account may change the status (draft, public, private): all but plain save need it. */
  canPublish: boolean
  /** The site is served publicly now: a plain save then does not reach visitors. */
  live: boolean
  /**
   * Publishing needs an approval this account cannot give (issue 33 part 5): the publish button
   * saves and asks to request it, for anyone who may edit.
   */
  requestPublish?: boolean
  onRun: (action: SaveAction) => void
  onDelete: () => void
}

const SAVE_ACTIONS: readonly { action: SaveAction; primary?: boolean }[] = [
  { action: 'draft' },
  { action: 'save', primary: true },
  { action: 'publish' },
  { action: 'private' },
]

/**
 * The editor's actions (SPEC §4). While one runs it shows progress and the others wait. Each save
 * action says what it does to the site and to the live site: in a tooltip on hover and on keyboard
 * focus, and as the button's accessible description.
 */
export const EditorActions = ({
  busy,
  canPublish,
  live,
  requestPublish = false,
  onRun,
  onDelete,
}: EditorActionsProps) => {
  const { t } = useTranslation()
  const id = useId()
  const requests = (action: SaveAction) => requestPublish && action === 'publish'
  const helpOf = (action: SaveAction) =>
    requests(action)
      ? t('siteEditor.actionHelp.request')
      : t(`siteEditor.actionHelp.${action === 'save' && live ? 'saveLive' : action}`)
  return (
    <Flex gap={8} wrap>
      {SAVE_ACTIONS.filter(({ action }) => canPublish || action === 'save' || requests(action)).map(
        ({ action, primary }) => (
          <Fragment key={action}>
            <Tooltip title={helpOf(action)} trigger={['hover', 'focus']}>
              <Button
                type={primary ? 'primary' : 'default'}
                loading={busy === action}
                disabled={busy !== null && busy !== action}
                aria-describedby={`${id}-${action}`}
                onClick={() => onRun(action)}
              >
                {requests(action) ? t('siteEditor.actions.request') : t(`siteEditor.actions.${action}`)}
              </Button>
            </Tooltip>
            <span id={`${id}-${action}`} style={visuallyHidden}>
              {helpOf(action)}
            </span>
          </Fragment>
        ),
      )}
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
