import { CREATIVE_DEFAULTS } from '@swipe/shared/site/model-defaults'
import type { CSSProperties, ReactNode } from 'react'
import { Cell, UNDER_CTA } from '../blocks/Cell.tsx'
import { ctaPositionsOn } from '../blocks/Cta.tsx'
import { ChevronIcon } from '../blocks/icons.tsx'
import { safeColor } from '../blocks/values.ts'
import type { PageModel } from '../model.ts'
import { openingCell, openingIndex } from '../opening.ts'

/**
 * The rows and columns of creatives with the swipe arrows; arrows start as the opening creative
 * sets them. A page with a start cell (`PageModel.start`) is at it from the first paint: the track's
 * `--r` and its row's `--c`, which the island moves (client/swipe.ts), are set inline, and the
 * arrows show where one can go from there. With `whole`, the cells outside it are empty slides of
 * the same size, filled by the island from the page's cells file after the first paint.
 */
export const Grid = ({
  model,
  whole,
  children,
}: {
  model: PageModel
  /**
   * The cells the page carries whole (../opening.ts `firstScreen`); the others are placeholders the
   * island fills (docs/decisions/0074-first-screen-first.md). None: every cell whole.
   */
  whole?: ReadonlySet<string> | undefined
  children?: ReactNode
}) => {
  const first = openingCell(model)
  const at = openingIndex(model)
  const fade = first?.creative.arrowFadeInterval
  const arrowStyle = {
    '--ac': safeColor(first?.creative.hoverArrowColor, CREATIVE_DEFAULTS.hoverArrowColor),
    ...(fade && fade > 0 ? { '--fi': `${fade}s` } : {}),
  } as CSSProperties
  const t = model.texts
  // Creatives under a CTA (any page of it: none chosen is every page) keep their controls clear of
  // it, by the CTA's position (blocks/Cta.tsx `ctaClearCss`).
  const under = (order: number) => ctaPositionsOn(model.ctas, order).map((position) => UNDER_CTA[position])
  return (
    <main id="sw" aria-roledescription="carousel" aria-label={t.creatives}>
      <h1 className="vh">{model.h1}</h1>
      <div className="tr" {...(at.row ? { style: { '--r': at.row } as CSSProperties } : {})}>
        {model.rows.map((row, i) => (
          <div
            className="rw"
            key={row[0]!.row}
            {...(i === at.row && at.column ? { style: { '--c': at.column } as CSSProperties } : {})}
          >
            {row.map((cell) => (
              <Cell
                key={cell.position}
                model={model}
                cell={cell}
                first={cell === first}
                underCtas={under(cell.order)}
                placeholder={whole ? !whole.has(cell.position) : false}
              />
            ))}
          </div>
        ))}
        {!first && <p className="nc">{t.noContent}</p>}
      </div>
      <div className={fade && fade > 0 ? 'ar fd' : 'ar'} style={arrowStyle}>
        <button type="button" className="l" aria-label={t.left} data-m="l" hidden={at.column < 1}>
          <ChevronIcon />
        </button>
        <button
          type="button"
          className="r"
          aria-label={t.right}
          data-m="r"
          hidden={(model.rows[at.row]?.length ?? 0) < at.column + 2}
        >
          <ChevronIcon />
        </button>
        <button type="button" className="u" aria-label={t.up} data-m="u" hidden={at.row < 1}>
          <ChevronIcon />
        </button>
        <button
          type="button"
          className="d"
          aria-label={t.down}
          data-m="d"
          hidden={model.rows.length < at.row + 2}
        >
          <ChevronIcon />
        </button>
      </div>
      {children}
      <p className="vh" aria-live="polite" id="st" />
    </main>
  )
}
