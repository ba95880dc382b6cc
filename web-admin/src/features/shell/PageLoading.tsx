import { Flex, Spin } from 'antd'
import { useTranslation } from 'react-i18next'

/** Full-page spinner while a screen or the user info loads. */
export const PageLoading = ({ label }: { label?: string }) => {
  const { t } = useTranslation()
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" description={label ?? t('common.loading')}>
        <div style={{ minWidth: 160, minHeight: 80 }} />
      </Spin>
    </Flex>
  )
}
