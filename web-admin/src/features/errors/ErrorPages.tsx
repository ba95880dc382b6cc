import { Button, Flex, Result, Space, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { isChunkLoadError } from '../../lib/chunkError.ts'
import { getStoredUserInfo, isSignedIn, landingPath } from '../../lib/session.ts'

const homePath = (): string => {
  const info = getStoredUserInfo()
  return isSignedIn() && info ? landingPath(info) : '/login'
}

const ErrorFrame = ({ children }: { children: ReactNode }) => (
  <Flex component="main" justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
    {children}
  </Flex>
)

/** Result titles are plain divs; each error page needs one real heading. */
const PageTitle = ({ children }: { children: ReactNode }) => (
  <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
    {children}
  </Typography.Title>
)

const reload = () => window.location.reload()

/** /errors/403 */
export const ForbiddenPage = () => {
  const { t } = useTranslation()
  return (
    <ErrorFrame>
      <Result
        status="403"
        title={<PageTitle>{t('errors.forbiddenTitle')}</PageTitle>}
        subTitle={t('errors.forbiddenDescription')}
        extra={
          <Space wrap>
            <Link to={homePath()}>{t('common.backToTop')}</Link>
            {isSignedIn() && <Link to="/log-out">{t('shell.logOut')}</Link>}
          </Space>
        }
      />
    </ErrorFrame>
  )
}

/** /errors/404 and every unknown path. */
export const NotFoundPage = () => {
  const { t } = useTranslation()
  return (
    <ErrorFrame>
      <Result
        status="404"
        title={<PageTitle>{t('errors.notFoundTitle')}</PageTitle>}
        subTitle={t('errors.notFoundDescription')}
        extra={<Link to={homePath()}>{t('common.backToTop')}</Link>}
      />
    </ErrorFrame>
  )
}

/** /errors/504 */
export const GatewayTimeoutPage = () => {
  const { t } = useTranslation()
  return (
    <ErrorFrame>
      <Result
        status="500"
        title={<PageTitle>{t('errors.timeoutTitle')}</PageTitle>}
        subTitle={t('errors.timeoutDescription')}
        extra={
          <Button type="primary" onClick={reload}>
            {t('common.reload')}
          </Button>
        }
      />
    </ErrorFrame>
  )
}

/** Any unexpected failure while rendering. Uses no router hooks, so it also works outside the router. */
export const GenericErrorPage = () => {
  const { t } = useTranslation()
  return (
    <ErrorFrame>
      <Result
        status="error"
        title={<PageTitle>{t('errors.genericTitle')}</PageTitle>}
        subTitle={t('errors.genericDescription')}
        extra={
          <Space wrap>
            <Button type="primary" onClick={reload}>
              {t('common.reload')}
            </Button>
            <a href="/">{t('common.backToTop')}</a>
          </Space>
        }
      />
    </ErrorFrame>
  )
}

/** A lazily loaded screen could not be fetched: reloading picks up the current release. */
export const ComponentLoadErrorPage = () => {
  const { t } = useTranslation()
  return (
    <ErrorFrame>
      <Result
        status="warning"
        title={<PageTitle>{t('errors.chunkTitle')}</PageTitle>}
        subTitle={t('errors.chunkDescription')}
        extra={
          <Button type="primary" onClick={reload}>
            {t('common.reload')}
          </Button>
        }
      />
    </ErrorFrame>
  )
}

/** The router's error element: a failed chunk, an unknown route or any other error. */
export const RouteErrorPage = () => {
  const error = useRouteError()
  if (isChunkLoadError(error)) return <ComponentLoadErrorPage />
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  console.error(error)
  return <GenericErrorPage />
}
