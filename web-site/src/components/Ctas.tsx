import type { CSSProperties } from 'react'
import { countdownText } from '../lib/countdown.ts'
import { own } from '../lib/own.ts'
import type { CtaModel, PageModel } from '../model.ts'
import { CTA_ANIMATION_CSS } from '../styles.ts'
import { colors, newTab } from './Grid.tsx'
import { CloseIcon } from './icons.tsx'

const POSITIONS = { TOP: 't', CENTER: 'c', BOTTOM: 'b' } as const

/**
 * Popup CTAs (SPEC §3, §4), grouped by display position. Each starts hidden: the client shows it
 * on the sheets and between the dates its data attributes carry, and keeps its countdown current.
 * The slots text carries its own template (`data-sl`), so the island can rewrite it with live
 * counts; an applicant-limit CTA carries its "full" text (`data-full`).
 */
export const Ctas = ({ model, now }: { model: PageModel; now: number }) => {
  if (!model.ctas.length) return null
  const groups = (['TOP', 'CENTER', 'BOTTOM'] as const)
    .map(
      (position) =>
        [position, model.ctas.filter((c) => (c.cta.displayPosition ?? 'BOTTOM') === position)] as const,
    )
    .filter(([, ctas]) => ctas.length)
  return (
    <>
      {groups.map(([position, ctas]) => (
        <div key={position} className={`ctas ${POSITIONS[position]}`}>
          {ctas.map((cta) => (
            <Cta key={cta.index} model={model} item={cta} now={now} />
          ))}
        </div>
      ))}
    </>
  )
}

const Cta = ({ model, item, now }: { model: PageModel; item: CtaModel; now: number }) => {
  const { cta } = item
  const t = model.texts
  const { background, color } = colors(cta.linkButtonColor, '#FF0000', cta.linkTextColor, '#FFFFFF')
  const style = { '--b': background, '--t': color } as CSSProperties
  const data: Record<string, string> = {
    'data-cta': String(item.index),
    'data-sheets': (cta.effectiveSheets ?? []).join(','),
    'data-kind': cta.kind ?? 'TIME_LIMIT',
  }
  if (cta.startDate) data['data-start'] = cta.startDate
  if (cta.endDate) data['data-end'] = cta.endDate
  if (item.remaining !== undefined) data['data-left'] = String(item.remaining)
  if (cta.limit) data['data-limit'] = cta.limit
  // What the island shows when the server answers that the last slot is gone.
  if (cta.kind === 'APPLICANT_LIMIT' && item.link) data['data-full'] = t.ctaFull
  const body = (
    <>
      {item.image && <img src={item.image} alt="" width={48} height={48} loading="lazy" />}
      <span>
        {cta.content}
        {cta.showRemainingTime && <small data-cd="">{countdownText(cta.endDate, now, model.lang)}</small>}
        {cta.showRemainingSlots && item.remaining !== undefined && (
          <small data-sl={t.slots}>{t.slots.replace('{n}', String(item.remaining))}</small>
        )}
      </span>
    </>
  )
  return (
    <section
      className={`cta a-${own(CTA_ANIMATION_CSS, cta.animation) !== undefined ? cta.animation : 'NONE'}`}
      style={style}
      aria-label={cta.content?.trim() || t.link}
      hidden
      {...data}
    >
      {item.link ? (
        <a className="cb" href={item.link.href} {...newTab(item.link)} data-t="cta">
          {body}
        </a>
      ) : (
        <div className="cb">{body}</div>
      )}
      <button type="button" className="x" aria-label={t.close} data-x="">
        <CloseIcon />
      </button>
    </section>
  )
}
