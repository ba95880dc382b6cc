import { Button, Flex, Space, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { isChunkLoadError } from '../../lib/chunkError.ts'
import { getStoredUserInfo, isSignedIn, landingPath } from '../../lib/session.ts'

const homePath = (): string => {
  const info = getStoredUserInfo()
  return isSignedIn() && info ? landingPath(info) : '/login'
}

/** The mark above an error's title; antd's status colours. */
type Tone = 'error' | 'warning' | 'info'

interface ResultProps {
  tone: Tone
  /** A short code or symbol shown large (403, 404, …). */
  mark: string
  title: string
  subTitle: string
  extra: ReactNode
}

/**
 * One error screen: mark, a real heading, the explanation and what to do. Plain elements in antd's
 * tokens rather than antd's Result, whose illustrations weigh 37 KB gzipped in the first load of
 * every page (the error pages must be in the entry: the chunk-load error cannot be lazy).
 */
export const ErrorResult = ({ tone, mark, title, subTitle, extra }: ResultProps) => {
  const { token } = theme.useToken()
  const color = { error: token.colorError, warning: token.colorWarning, info: token.colorInfo }[tone]
  return (
    <Flex component="main" justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      <div style={{ textAlign: 'center', padding: '48px 32px', color: token.colorText }}>
        <div aria-hidden style={{ fontSize: 56, fontWeight: 600, lineHeight: 1.2, color, marginBottom: 24 }}>
          {mark}
        </div>
        <h1
          style={{
            fontSize: 24,
            margin: 0,
            color: token.colorTextHeading,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {title}
        </h1>
        <p style={{ color: token.colorTextDescription, fontSize: token.fontSize, margin: '8px 0 0' }}>
          {subTitle}
        </p>
        <div style={{ marginTop: 24 }}>{extra}</div>
      </div>
    </Flex>
  )
}

const reload = () => window.location.reload()

/** /errors/403 */
export const ForbiddenPage = () => {
  const { t } = useTranslation()
  return (
    <ErrorResult
      tone="error"
      mark="403"
      title={t('errors.forbiddenTitle')}
      subTitle={t('errors.forbiddenDescription')}
      extra={
        <Space wrap>
          <Link to={homePath()}>{t('common.backToTop')}</Link>
          {isSignedIn() && <Link to="/log-out">{t('shell.logOut')}</Link>}
        </Space>
      }
    />
  )
}

/** /errors/404 and every unknown path. */
export const NotFoundPage = () => {
  const { t } = useTranslation()
  return (
    <ErrorResult
      tone="info"
      mark="404"
      title={t('errors.notFoundTitle')}
      subTitle={t('errors.notFoundDescription')}
      extra={<Link to={homePath()}>{t('common.backToTop')}</Link>}
    />
  )
}

/** /errors/504 */
export const GatewayTimeoutPage = () => {
  const { t } = useTranslation()
  return (
    <ErrorResult
      tone="error"
      mark="504"
      title={t('errors.timeoutTitle')}
      subTitle={t('errors.timeoutDescription')}
      extra={
        <Button type="primary" onClick={reload}>
          {t('common.reload')}
        </Button>
      }
    />
  )
}

/** Any unexpected failure while rendering. Uses no router hooks, so it also works outside the router. */
export const GenericErrorPage = () => {
  const { t } = useTranslation()
  return (
    <ErrorResult
      tone="error"
      mark="!"
      title={t('errors.genericTitle')}
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
  )
}

/** A lazily loaded screen could not be fetched: reloading picks up the current release. */
export const ComponentLoadErrorPage = () => {
  const { t } = useTranslation()
  return (
    <ErrorResult
      tone="warning"
      mark="!"
      title={t('errors.chunkTitle')}
      subTitle={t('errors.chunkDescription')}
      extra={
        <Button type="primary" onClick={reload}>
          {t('common.reload')}
        </Button>
      }
    />
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
