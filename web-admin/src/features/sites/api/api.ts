import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api.ts'

/**
 * A site's API settings and keys (issue 21; functions/src/apiAccess): the dialog's state, its
 * save, key issuing (the answer is the only time a key is seen), rotation, revocation and the
 * documentation download.
 */

export type SiteApiState = RouteOutput<Contract['apiAccess.settingsGet']>
export type SiteApiKey = SiteApiState['keys'][number]
export type SiteApiSettingsBody = RouteInput<Contract['apiAccess.settingsPut']>['body']
export type NewSiteApiKey = RouteOutput<Contract['apiAccess.keyCreate']>
export type DocsQuery = NonNullable<RouteInput<Contract['apiAccess.docs']>['query']>

export const siteApiKeys = {
  all: ['siteApi'] as const,
  site: (siteId: string) => ['siteApi', siteId] as const,
}

export const siteApiQuery = (siteId: string) =>
  queryOptions({
    queryKey: siteApiKeys.site(siteId),
    queryFn: ({ signal }) => call('apiAccess.settingsGet', { params: { id: siteId } }, { signal }),
  })

const useRefresh = (siteId: string) => {
  const client = useQueryClient()
  return (state?: SiteApiState) => {
    if (state) client.setQueryData(siteApiKeys.site(siteId), state)
    return client.invalidateQueries({ queryKey: siteApiKeys.site(siteId) })
  }
}

export const useSaveSiteApi = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: (body: SiteApiSettingsBody) =>
      call('apiAccess.settingsPut', { params: { id: siteId }, body }),
    onSuccess: ({ message: _message, ...state }) => refresh(state),
  })
}

export const useIssueKey = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: (body: { name: string; expiresInDays?: number | null }) =>
      call('apiAccess.keyCreate', { params: { id: siteId }, body }),
    onSuccess: () => refresh(),
  })
}

export const useRotateKey = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: ({ keyId, graceMinutes }: { keyId: string; graceMinutes: number }) =>
      call('apiAccess.keyRotate', { params: { id: siteId, keyId }, body: { graceMinutes } }),
    onSuccess: () => refresh(),
  })
}

export const useRevokeKey = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: (keyId: string) => call('apiAccess.keyRevoke', { params: { id: siteId, keyId } }),
    onSuccess: () => refresh(),
  })
}

export const fetchDocs = (siteId: string, query: DocsQuery) =>
  call('apiAccess.docs', { params: { id: siteId }, query })

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)))

/** The `Authorization` header of a method, with the key (or a placeholder) filled in. */
export const authorizationHeader = (
  method: SiteApiState['authMethod'],
  secret: {
    key?: string
    basicId?: string | null
    password?: string
    keyPlaceholder: string
    passwordPlaceholder: string
  },
): string | null => {
  if (method === 'API_KEY') return `Authorization: Bearer ${secret.key ?? secret.keyPlaceholder}`
  if (method === 'BASIC_AUTH') {
    const id = secret.basicId ?? ''
    if (secret.password) return `Authorization: Basic ${base64(`${id}:${secret.password}`)}`
    return `Authorization: Basic $(printf '%s' '${id}:${secret.passwordPlaceholder}' | base64)`
  }
  return null
}

/** A curl command for one endpoint: the header (if the method sends one) and the URL. */
export const curlCommand = (url: string, header: string | null): string =>
  header ? `curl -sS -H "${header}" '${url}'` : `curl -sS '${url}'`
