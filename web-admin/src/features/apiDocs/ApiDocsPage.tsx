import { ApiReferenceReact } from '@scalar/api-reference-react'
// The renderer's stylesheet (the package's script does not load it); only this screen's chunk has it.
import '@scalar/api-reference-react/style.css'
import { routes } from '@swipe/shared/contract/routes'
import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { API_BASE_URL, pathWith } from '../../lib/api.ts'

/** Where the API serves its OpenAPI 3.1 document (route `apiAccess.openapi`). */
export const OPENAPI_URL = `${API_BASE_URL}${pathWith(routes['apiAccess.openapi'])}`

/**
 * The API's reference for people: the OpenAPI document the API serves, rendered by Scalar. The
 * renderer is only in this screen's chunk; it loads no web fonts and sends nothing on its own.
 */
export const ApiDocsPage = () => {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="api-docs-title">
      <Typography.Title id="api-docs-title" level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('pages.apiDocs')}
      </Typography.Title>
      <Typography.Paragraph>
        {t('apiDocs.intro')} <a href={OPENAPI_URL}>{t('apiDocs.download')}</a>
      </Typography.Paragraph>
      <ApiReferenceReact
        configuration={{
          url: OPENAPI_URL,
          withDefaultFonts: false,
          hideClientButton: true,
          showDeveloperTools: 'never',
          telemetry: false,
          hideDarkModeToggle: true,
          layout: 'classic',
          // No "Ask AI" button: nothing about the API is sent to a third party from this page.
          ...{ agent: { disabled: true } },
        }}
      />
    </section>
  )
}
