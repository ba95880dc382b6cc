import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { authApi } from '../../lib/auth.ts'
import { clearSession, getRefreshToken } from '../../lib/session.ts'
import { PageLoading } from '../shell/PageLoading.tsx'

/** /log-out: revokes the refresh token, forgets the session and returns to the login screen. */
export const LogoutPage = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // React's development double effect must not log out twice.
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const refreshToken = getRefreshToken()
    const revoke = refreshToken ? authApi.logout(refreshToken) : Promise.resolve()
    revoke
      .catch(() => undefined)
      .finally(() => {
        clearSession()
        queryClient.clear()
        navigate('/login', { replace: true })
      })
  }, [navigate, queryClient])

  return <PageLoading label={t('auth.loggingOut')} />
}
