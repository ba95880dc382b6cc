import { App } from 'antd'
import type { NotificationConfig } from 'antd/es/notification/interface'
import { useMemo } from 'react'

/** Toasts sit top-right, close after 3 s and replace each other (SPEC §8). */
export const TOAST_CONFIG = {
  placement: 'topRight',
  duration: 3,
  maxCount: 1,
} as const satisfies NotificationConfig

/**
 * Each toast has its own key: `maxCount: 1` replaces the one on screen, and the new one runs its own
 * 3 s. (A shared key would update the old notice in place and keep its timer, so a toast that
 * replaced another near its end vanished at once.)
 */
let toasts = 0
const nextKey = () => `toast-${++toasts}`

/** Success and failure toasts; success shows the server's message when it sent one. */
export const useToast = () => {
  const { notification } = App.useApp()
  return useMemo(
    () => ({
      success: (text: string) => notification.success({ key: nextKey(), title: text, role: 'status' }),
      error: (text: string) => notification.error({ key: nextKey(), title: text, role: 'alert' }),
    }),
    [notification],
  )
}
