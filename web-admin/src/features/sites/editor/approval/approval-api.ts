import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../../lib/api.ts'
import { type VersionComparison, versionsQuery } from '../history/history-api.ts'

/**
 * The approval gate (issue 33 part 5; docs/decisions/0067-checklist-and-approvals.md): a site may
 * require an approver's yes before it goes live. Editors request the publish of the saved draft;
 * approvers (the account, its main-contact sub-admins, the staff and OEM above it) approve — which
 * publishes exactly the requested version — or reject with a comment.
 */

export type SiteApproval = RouteOutput<Contract['sites.approvalGet']>
export type PublishRequestView = SiteApproval['requests'][number]
export type PublishRequestBody = RouteInput<Contract['sites.publishRequest']>['body']

export const approvalKeys = {
  site: (siteId: string) => ['siteApproval', siteId] as const,
}

export const approvalQuery = (siteId: string) =>
  queryOptions({
    queryKey: approvalKeys.site(siteId),
    queryFn: ({ signal }) => call('sites.approvalGet', { params: { id: siteId } }, { signal }),
  })

/** Publishing needs a request: approval is required and the caller may not approve. */
export const mustRequest = (approval: SiteApproval | undefined): boolean =>
  Boolean(approval?.required && !approval.canApprove)

/**
 * The newest decision if it is a rejection and no request was made since: what the editor shows as
 * 「差し戻し」 until the next request or approval.
 */
export const latestRejection = (approval: SiteApproval | undefined): PublishRequestView | null => {
  if (!approval) return null
  const decided = approval.requests.find((r) => r.state === 'REJECTED' || r.state === 'APPROVED')
  if (decided?.state !== 'REJECTED') return null
  const pending = approval.pending
  if (pending && pending.requestedAt >= (decided.decidedAt ?? decided.requestedAt)) return null
  return decided
}

/** Every write answers with the request or the gate as stored: the approval is read again. */
const useApprovalWrite = <V, R>(siteId: string, write: (variables: V) => Promise<R>) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: approvalKeys.site(siteId) }),
  })
}

export const useSetApprovalRequired = (siteId: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (required: boolean) =>
      call('sites.approvalPut', { params: { id: siteId }, body: { required } }),
    onSuccess: ({ message: _message, ...approval }) =>
      client.setQueryData<SiteApproval>(approvalKeys.site(siteId), approval),
  })
}

/** Asks for the publish of the saved draft at `version` (withdraws an open request). */
export const usePublishRequest = (siteId: string) =>
  useApprovalWrite(siteId, (body: PublishRequestBody) =>
    call('sites.publishRequest', { params: { id: siteId }, body }),
  )

export const useApproveRequest = (siteId: string) =>
  useApprovalWrite(siteId, ({ requestId, comment }: { requestId: string; comment?: string | undefined }) =>
    call('sites.publishRequestApprove', {
      params: { id: siteId, requestId },
      body: comment ? { comment } : {},
    }),
  )

export const useRejectRequest = (siteId: string) =>
  useApprovalWrite(siteId, ({ requestId, comment }: { requestId: string; comment: string }) =>
    call('sites.publishRequestReject', { params: { id: siteId, requestId }, body: { comment } }),
  )

/**
 * What an approval would change: the live version against the saved draft (`with=draft`), or null
 * when nothing is live (everything would be new: there is nothing to compare with). The live
 * version is the history's `live` one; the history's first page holds it (it is the newest
 * publish or rollback).
 */
export const fetchLiveDraftComparison = async (
  client: QueryClient,
  siteId: string,
  version: number,
): Promise<VersionComparison | null> => {
  const history = await client.fetchInfiniteQuery(versionsQuery(siteId, version))
  const live = history.pages.flatMap((page) => page.items).find((item) => item.live)
  if (!live) return null
  // Not kept: the draft changes with every save (compareQuery keeps versions, which never change).
  return call('sites.versionCompare', {
    params: { id: siteId, versionId: live.id },
    query: { with: 'draft' },
  })
}
