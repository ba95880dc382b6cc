import { useTranslation } from 'react-i18next'
import { CONSOLE_THEME } from './theme.ts'

const SPIN = '@keyframes swipe-route-spin{to{transform:rotate(360deg)}}'

/**
 * The full-page spinner while the first screen's chunk loads: plain elements in the console's colours
 * (the console's PageLoading is antd's Spin, which would put antd into every first load, issue 14).
 */
export const RouteLoading = () => {
  const { t } = useTranslation()
  return (
    <div
      role="status"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        alignItems: 'center',
        gap: 8,
        color: CONSOLE_THEME.token.colorPrimary,
        fontSize: 14,
      }}
    >
      <style>{SPIN}</style>
      <span
        aria-hidden="true"
        style={{
          width: 32,
          height: 32,
          border: '3px solid currentColor',
          borderInlineEndColor: 'transparent',
          borderRadius: '50%',
          animation: 'swipe-route-spin 1s linear infinite',
        }}
      />
      <span>{t('common.loading')}</span>
    </div>
  )
}
