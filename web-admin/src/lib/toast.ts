import { App } from 'antd'
import type { NotificationConfig } from 'antd/es/notification/interface'
import { useMemo } from 'react'

/** Toasts sit top-right, close after 3 s and replace each other (SPEC §8). */
export const TOAST_CONFIG = {
  placement: 'topRight',
  duration: 3,
  maxCount: 1,
} as const satisfies NotificationConfig

/** All toasts share one key, so a new one replaces the one on screen instead of stacking. */
const TOAST_KEY = 'toast'

/** Success and failure toasts; success shows the server's message when it sent one. */
export const useToast = () => {
  const { notification } = App.useApp()
  return useMemo(
    () => ({
      success: (text: string) => notification.success({ key: TOAST_KEY, title: text, role: 'status' }),
      error: (text: string) => notification.error({ key: TOAST_KEY, title: text, role: 'alert' }),
    }),
    [notification],
  )
}
