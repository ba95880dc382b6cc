import { isColor } from '@swipe/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, ConfigProvider, Dropdown, Flex, Layout, Menu, Typography } from 'antd'
import { type CSSProperties, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, Outlet, useMatches, useNavigate, useParams } from 'react-router'
import { visuallyHidden } from '../../components/visuallyHidden.ts'
import { errorMessage } from '../../lib/api.ts'
import { userInfoQuery } from '../../lib/auth.ts'
import { isSignedIn, isUserTypeSegment, type UserInfo } from '../../lib/session.ts'
import { ErrorResult, NotFoundPage } from '../errors/ErrorPages.tsx'
import { type ConsoleRouteHandle, canOpen, isConsoleRouteHandle, MENU_PATHS } from './consoleRoutes.ts'
import { useDocumentTitle } from './documentTitle.ts'
import { HeaderBell } from './HeaderBell.tsx'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { PageLoading } from './PageLoading.tsx'

/** The console route being shown, if any (its areas and page key). */
const useConsoleHandle = (): ConsoleRouteHandle | undefined => {
  const matches = useMatches()
  for (const match of [...matches].reverse()) if (isConsoleRouteHandle(match.handle)) return match.handle
  return undefined
}

const validColor = (value: string | null): string | undefined => (value && isColor(value) ? value : undefined)

/** Sider menu with the user's menu areas only, in the order the server gave them. */
const SideMenu = ({ info, onNavigate }: { info: UserInfo; onNavigate: () => void }) => {
  const { t } = useTranslation()
  const handle = useConsoleHandle()
  const selected = handle?.areas.find((area) => info.menuAreas.includes(area))
  return (
    <nav aria-label={t('shell.mainMenu')}>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        onClick={onNavigate}
        items={info.menuAreas.map((area) => ({
          key: area,
          label: <Link to={`/${info.userTypeSegment}/${MENU_PATHS[area]}`}>{t(`areas.${area}`)}</Link>,
        }))}
      />
    </nav>
  )
}

const AccountMenu = ({ info }: { info: UserInfo }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'change-password', label: t('shell.changePassword') },
          { key: 'api-docs', label: t('shell.apiDocs') },
          { key: 'log-out', label: t('shell.logOut') },
        ],
        onClick: ({ key }) => navigate(key === 'log-out' ? '/log-out' : `/${info.userTypeSegment}/${key}`),
      }}
    >
      {/* Named by its visible text first, then what it opens (WCAG 2.5.3 label in name). */}
      <Button type="text" style={{ color: 'inherit' }}>
        {info.contactName ?? info.email}
        <span style={visuallyHidden}>{` ${t('shell.accountMenu')}`}</span>
      </Button>
    </Dropdown>
  )
}

const Shell = ({ info }: { info: UserInfo }) => {
  const { t } = useTranslation()
  // Below the lg breakpoint the menu folds away behind a real, keyboard-usable button.
  const [narrow, setNarrow] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const collapsed = narrow && !menuOpen
  const mainColor = validColor(info.mainColor)
  const textColor = validColor(info.textColor)
  const headerStyle: CSSProperties = {
    background: mainColor ?? '#fff',
    color: textColor ?? (mainColor ? '#fff' : undefined),
    paddingInline: 24,
    borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
  }
  return (
    <ConfigProvider theme={mainColor ? { token: { colorPrimary: mainColor } } : undefined}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider
          id="console-menu"
          theme="light"
          breakpoint="lg"
          collapsedWidth={0}
          width={232}
          trigger={null}
          collapsible
          collapsed={collapsed}
          onBreakpoint={(broken) => {
            setNarrow(broken)
            setMenuOpen(false)
          }}
        >
          <Flex align="center" style={{ height: 64, paddingInline: 16 }}>
            {info.logoUrl ? (
              <img
                src={info.logoUrl}
                alt={t('shell.logoAlt', { company: info.companyName ?? t('app.name') })}
                style={{ maxHeight: 48, maxWidth: '100%' }}
              />
            ) : (
              <Typography.Text strong>{info.companyName ?? t('app.name')}</Typography.Text>
            )}
          </Flex>
          {/* A folded menu has no width but would still take keyboard focus: leave it out. */}
          {!collapsed && <SideMenu info={info} onNavigate={() => setMenuOpen(false)} />}
        </Layout.Sider>
        <Layout>
          <Layout.Header style={headerStyle}>
            <Flex justify="flex-end" align="center" gap={16} style={{ height: '100%' }}>
              {narrow && (
                <Button
                  aria-controls="console-menu"
                  aria-expanded={menuOpen}
                  onClick={() => setMenuOpen((open) => !open)}
                  style={{ marginInlineEnd: 'auto' }}
                >
                  {t('shell.menu')}
                </Button>
              )}
              <HeaderBell info={info} />
              <LanguageSwitcher />
              <AccountMenu info={info} />
            </Flex>
          </Layout.Header>
          {/* antd's Content is the page's one <main> landmark. */}
          <Layout.Content style={{ padding: 24 }}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  )
}

/**
 * Everything under `/:userTypeId`: requires a session, loads the user info, and sends a user whose
 * segment or menu areas do not cover the route to the forbidden page.
 */
export const ConsoleLayout = () => {
  const { t } = useTranslation()
  const { userTypeId } = useParams()
  const handle = useConsoleHandle()
  useDocumentTitle(handle?.page)
  const signedIn = isSignedIn()
  const userInfo = useQuery({ ...userInfoQuery(), enabled: signedIn })

  if (!isUserTypeSegment(userTypeId)) return <NotFoundPage />
  if (!signedIn) return <Navigate to="/login" replace />
  if (userInfo.isPending) {
    return <PageLoading />
  }
  if (userInfo.isError) {
    return (
      <ErrorResult
        tone="error"
        mark="!"
        title={t('shell.loadFailed')}
        subTitle={errorMessage(userInfo.error)}
        extra={
          <Button type="primary" onClick={() => void userInfo.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    )
  }

  const info = userInfo.data
  if (userTypeId !== info.userTypeSegment) return <Navigate to="/errors/403" replace />
  if (handle && !canOpen(info.menuAreas, handle.areas)) {
    return <Navigate to="/errors/403" replace />
  }
  return <Shell info={info} />
}
