import { Flex, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitcher } from '../../shell/LanguageSwitcher.tsx'

/**
 * The frame of the public auth screens: product name, language choice and one card. Drawn with
 * plain elements in antd's tokens rather than Layout, Card and Typography: those bring tabs, menus
 * and dropdowns into the first load of /login (issue 14) for a frame that needs none of them.
 */
export const AuthLayout = ({ title, children }: { title: string; children: ReactNode }) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout, color: token.colorText }}>
      <header style={{ height: 64, paddingInline: 24 }}>
        <Flex justify="space-between" align="center" style={{ height: '100%' }}>
          <strong style={{ fontSize: 18 }}>{t('app.name')}</strong>
          <LanguageSwitcher />
        </Flex>
      </header>
      <Flex justify="center" style={{ padding: '48px 16px' }}>
        <main
          style={{
            width: '100%',
            maxWidth: 420,
            boxSizing: 'border-box',
            padding: token.paddingLG,
            background: token.colorBgContainer,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <h1
            style={{
              fontSize: 24,
              marginTop: 0,
              marginBottom: '0.5em',
              fontWeight: token.fontWeightStrong,
              lineHeight: token.lineHeightHeading2,
              color: token.colorTextHeading,
            }}
          >
            {title}
          </h1>
          {children}
        </main>
      </Flex>
    </div>
  )
}
