import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd'
import { type ReactNode, useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { antdLocale } from '../i18n/index.ts'
import { TOAST_CONFIG } from '../lib/toast.ts'
import { MotionContext } from './motion.ts'
import { CONSOLE_THEME } from './theme.ts'

const STILL_THEME: ThemeConfig = { ...CONSOLE_THEME, token: { ...CONSOLE_THEME.token, motion: false } }

/**
 * antd's configuration and its toast/modal host (`App`), following the interface language (date
 * pickers, pagination, empty states). Mounted by the signed-in console layout and by the public
 * screens that toast, not by the root: the sign-in screens are plain elements, so /login does not
 * download antd (issue 14).
 */
export const AntdHost = ({ children }: { children: ReactNode }) => {
  const { i18n: instance } = useTranslation()
  const motion = useContext(MotionContext)
  // Loaded with the language's texts (i18n/index.ts), so it is there whenever the language is.
  const locale = antdLocale(instance.language)
  return (
    <ConfigProvider
      locale={locale}
      button={{ autoInsertSpace: false }}
      theme={motion ? CONSOLE_THEME : STILL_THEME}
    >
      <AntApp notification={TOAST_CONFIG} message={{ duration: 3, maxCount: 1 }}>
        {children}
      </AntApp>
    </ConfigProvider>
  )
}
