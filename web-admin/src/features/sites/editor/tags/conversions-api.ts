import type { Contract, RouteOutput } from '@swipe/shared/contract'
import type { ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../../lib/api.ts'

/**
 * A site's server-side conversion destinations (issue 32 Deliver 4; functions/src/apiAccess):
 * whether each is on, published and has credentials (never them), its last 30 days, the write-only
 * credentials and each destination's delivery log. The IDs themselves are saved with the site.
 */

export type ConversionDestination = RouteOutput<Contract['apiAccess.conversionsGet']>['items'][number]
export type ConversionDelivery = RouteOutput<Contract['apiAccess.conversionDeliveries']>['items'][number]

export const conversionKeys = {
  site: (siteId: string) => ['siteConversions', siteId] as const,
  /**
   * The destinations as of the site's `version`: a save or a publish gives the editor a new version,
   * and what the server says is on or published changes with it.
   */
  destinations: (siteId: string, version: number) =>
    [...conversionKeys.site(siteId), 'destinations', version] as const,
  deliveries: (siteId: string, platform: ConversionPlatform) =>
    [...conversionKeys.site(siteId), 'deliveries', platform] as const,
}

export const conversionsQuery = (siteId: string, version: number) =>
  queryOptions({
    queryKey: conversionKeys.destinations(siteId, version),
    queryFn: ({ signal }) => call('apiAccess.conversionsGet', { params: { id: siteId } }, { signal }),
  })

/** A destination's deliveries, newest first, 50 a page; the next page follows the answer's cursor. */
export const conversionDeliveriesQuery = (siteId: string, platform: ConversionPlatform) =>
  infiniteQueryOptions({
    queryKey: conversionKeys.deliveries(siteId, platform),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        'apiAccess.conversionDeliveries',
        { params: { id: siteId, platform }, query: pageParam ? { cursor: pageParam } : {} },
        { signal },
      ),
    getNextPageParam: (last) => last.cursor ?? undefined,
  })

/** Refreshes every destination of the site (the panel's state and the rates). */
const useRefresh = (siteId: string) => {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: conversionKeys.site(siteId) })
}

/** Stores a destination's credentials; the answer says only that they are set, and when. */
export const useSaveConversionCredentials = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: ({
      platform,
      credentials,
    }: {
      platform: ConversionPlatform
      credentials: Record<string, string>
    }) =>
      call('apiAccess.conversionCredentialsSet', { params: { id: siteId, platform }, body: { credentials } }),
    onSuccess: () => refresh(),
  })
}

/** Deletes a destination's credentials: nothing is sent to it until new ones are stored. */
export const useRemoveConversionCredentials = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: (platform: ConversionPlatform) =>
      call('apiAccess.conversionCredentialsRemove', { params: { id: siteId, platform } }),
    onSuccess: () => refresh(),
  })
}
