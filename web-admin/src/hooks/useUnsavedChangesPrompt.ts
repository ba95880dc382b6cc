import { App } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'

/**
 * Asks before leaving a form with unsaved changes (SPEC §2): in-app navigation shows a confirm
 * dialog, closing or reloading the tab shows the browser's own prompt.
 */
export const useUnsavedChangesPrompt = (dirty: boolean): void => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  )
  const asking = useRef(false)

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return
    asking.current = true
    modal.confirm({
      title: t('unsaved.title'),
      content: t('unsaved.content'),
      okText: t('unsaved.leave'),
      cancelText: t('unsaved.stay'),
      onOk: () => {
        asking.current = false
        blocker.proceed()
      },
      onCancel: () => {
        asking.current = false
        blocker.reset()
      },
    })
  }, [blocker, modal, t])

  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers only prompt when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])
}
