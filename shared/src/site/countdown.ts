import type { ContentLanguage } from './languages.ts'

/** SPEC §9: the countdown switches from minutes to hours at 60 minutes and to days at 72 hours. */
export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

type Unit = 'noData' | 'minutes' | 'hours' | 'days'

/** The countdown's texts per content language; `{n}` is the number. */
export const COUNTDOWN_TEXTS: Record<ContentLanguage, Record<Unit, string>> = {
  JP: { noData: 'データなし', minutes: '残り{n}分', hours: '残り{n}時間', days: '残り{n}日' },
  EN: { noData: 'No data', minutes: '{n} min left', hours: '{n} h left', days: '{n} days left' },
  CN: { noData: '暂无数据', minutes: '剩余{n}分钟', hours: '剩余{n}小时', days: '剩余{n}天' },
  KR: { noData: '데이터 없음', minutes: '{n}분 남음', hours: '{n}시간 남음', days: '{n}일 남음' },
}

const toTime = (value: string | number | Date | null | undefined): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value)
  return Number.isFinite(time) ? time : undefined
}

/**
 * A popup CTA's remaining-time text (SPEC §4): no end date gives the no-data text; nothing left
 * (zero or less) gives an empty text; under 60 minutes counts minutes, under 72 hours hours,
 * otherwise days. Counts are whole units left, rounded down; the last minute still reads 1.
 */
export const countdownText = (
  end: string | number | Date | null | undefined,
  now: number | Date,
  lang: ContentLanguage = 'JP',
): string => {
  const texts = COUNTDOWN_TEXTS[lang]
  const endTime = toTime(end)
  if (endTime === undefined) return texts.noData
  const left = endTime - (now instanceof Date ? now.getTime() : now)
  if (!(left > 0)) return ''
  const [unit, n] =
    left < HOUR
      ? (['minutes', Math.max(1, Math.floor(left / MINUTE))] as const)
      : left < 72 * HOUR
        ? (['hours', Math.floor(left / HOUR)] as const)
        : (['days', Math.floor(left / DAY)] as const)
  return texts[unit].replace('{n}', String(n))
}

export { toTime }
