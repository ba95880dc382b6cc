import { Card, Flex, Layout, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitcher } from '../../shell/LanguageSwitcher.tsx'

/** The frame of the public auth screens: product name, language choice and one card. */
export const AuthLayout = ({ title, children }: { title: string; children: ReactNode }) => {
  const { t } = useTranslation()
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: 'transparent', paddingInline: 24 }}>
        <Flex justify="space-between" align="center" style={{ height: '100%' }}>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {t('app.name')}
          </Typography.Text>
          <LanguageSwitcher />
        </Flex>
      </Layout.Header>
      <Layout.Content>
        <Flex justify="center" style={{ padding: '48px 16px' }}>
          <Card style={{ width: '100%', maxWidth: 420 }}>
            <main>
              <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
                {title}
              </Typography.Title>
              {children}
            </main>
          </Card>
        </Flex>
      </Layout.Content>
    </Layout>
  )
}
