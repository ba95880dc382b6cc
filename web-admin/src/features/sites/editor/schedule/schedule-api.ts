import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { jstDayStart, jstMinute } from '@swipe/shared/time/jst'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import dayjs, { type Dayjs } from 'dayjs'
import { call } from '../../../../lib/api.ts'
import { siteKeys } from '../../api.ts'

/**
 * A site's scheduled publish and unpublish (issue 33 part 6; docs/decisions/0066-scheduled-publishing.md):
 * the saved draft goes live at one instant, the site stops being served at another (a campaign's
 * start and end).
 */

export type SiteSchedule = RouteOutput<Contract['sites.scheduleGet']>
export type ScheduledChange = NonNullable<SiteSchedule['publish']>
export type ScheduleBody = RouteInput<Contract['sites.schedulePut']>['body']

export const scheduleKeys = {
  site: (siteId: string) => ['siteSchedule', siteId] as const,
}

export const scheduleQuery = (siteId: string) =>
  queryOptions({
    queryKey: scheduleKeys.site(siteId),
    queryFn: ({ signal }) => call('sites.scheduleGet', { params: { id: siteId } }, { signal }),
  })

/**
 * Replaces the schedule (null cancels that change). The answer is the schedule as stored, kept as
 * the query's data; the site list shows the scheduled instants and is read again.
 */
export const useSaveSchedule = (siteId: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: ScheduleBody) => call('sites.schedulePut', { params: { id: siteId }, body }),
    onSuccess: ({ publish, unpublish }) => {
      client.setQueryData<SiteSchedule>(scheduleKeys.site(siteId), { publish, unpublish })
      void client.invalidateQueries({ queryKey: siteKeys.lists() })
    },
  })
}

/*
 * The picker shows Japanese wall-clock time whatever the browser's time zone (SPEC §9): its value is
 * the instant's JST `YYYY-MM-DD HH:mm` (`jstMinute`) read as a local date-time, and a picked value is
 * that wall-clock time in Japan again (`jstDayStart` of its day plus its hours and minutes).
 */

/** A scheduled instant as the picker's value, or null. */
export const pickerValueOf = (iso: string | null | undefined): Dayjs | null => {
  const minute = jstMinute(iso)
  return minute ? dayjs(minute) : null
}

/** The picker's value (JST wall-clock time) as an ISO instant, or null. */
export const instantOf = (value: Dayjs | null | undefined): string | null =>
  value
    ? new Date(
        jstDayStart(value.format('YYYY-MM-DD')) + value.hour() * 3_600_000 + value.minute() * 60_000,
      ).toISOString()
    : null
