import { ACTIONS_BY_TYPE, type Action } from '@swipe/shared'
import { Button, type ButtonProps, Tooltip } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { UserInfo } from '../../lib/session.ts'
import { useCurrentUser } from './useCurrentUser.ts'

/**
 * What the console does with a write the signed-in account may or may not take (docs/permissions.md):
 * `allowed`; `viewOnly` when its type could but its authority or viewer role forbids it (the button
 * stays, disabled, with a view-only tooltip); `hidden` when its type never takes it.
 */
export type Permission = 'allowed' | 'viewOnly' | 'hidden'

export const permissionOf = (
  info: Pick<UserInfo, 'accountType' | 'parentType' | 'allowedActions'>,
  action: Action,
): Permission => {
  if (info.allowedActions.includes(action)) return 'allowed'
  const subAdmin = info.accountType === 'SUB_ADMIN'
  const type = subAdmin ? info.parentType : info.accountType
  if (!type || type === 'SUB_ADMIN') return 'hidden'
  if (subAdmin && action === 'subAdmin:manage') return 'hidden'
  return ACTIONS_BY_TYPE[type].includes(action) ? 'viewOnly' : 'hidden'
}

export const usePermission = (action: Action): Permission => permissionOf(useCurrentUser(), action)

export interface ActionButtonProps extends ButtonProps {
  /** The policy action the button performs. */
  action: Action
}

/** A button for a write: hidden, or disabled with a view-only tooltip, when the account may not take it. */
export const ActionButton = ({ action, disabled, ...props }: ActionButtonProps) => {
  const { t } = useTranslation()
  const permission = usePermission(action)
  const reasonId = useId()
  if (permission === 'hidden') return null
  if (permission === 'viewOnly') {
    // A disabled button gets no pointer events: the wrapper shows the tooltip, the hidden text
    // tells screen readers why the button is dimmed.
    return (
      <Tooltip title={t('common.viewOnly')}>
        <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>
          <Button
            {...props}
            disabled
            onClick={undefined}
            aria-describedby={reasonId}
            style={{ ...props.style, pointerEvents: 'none' }}
          />
          <span id={reasonId} hidden>
            {t('common.viewOnly')}
          </span>
        </span>
      </Tooltip>
    )
  }
  return <Button {...props} disabled={disabled} />
}
