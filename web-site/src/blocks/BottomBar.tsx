import { own } from '@swipe/shared/site/own'
import type { PageModel } from '../model.ts'
import { openingCell } from '../opening.ts'
import { NoticeLink } from './Consent.tsx'
import { CloseIcon, SNS_ICONS, SNS_NAMES } from './icons.tsx'

/**
 * The bottom bar block (SNS links and company tabs) and the dialogs it and the product hotspots
 * open (the company modal, the product card's dialog), with their stylesheets. Used by the
 * publish render of every swipe page.
 */

/**
 * The bottom bar: the SNS links and the company-information tabs. Which of the two shows follows
 * the current creative's choice or its language's default (`CellModel.shows`); hidden groups keep
 * their space, so nothing moves.
 */
export const BottomBar = ({ model }: { model: PageModel }) => {
  if (!model.sns?.length && !model.company && !model.tags) return null
  const t = model.texts
  const first = openingCell(model)?.shows
  const classes = [!first?.sns && 'no-sns', !first?.company && 'no-co'].filter(Boolean).join(' ')
  return (
    <footer className={`bb ${classes}`.trim()} id="bb">
      {model.sns?.length ? (
        <ul className="sns">
          {model.sns.map((s) => {
            const Icon = own(SNS_ICONS, s.type)
            return (
              <li key={s.type}>
                <a
                  href={s.href}
                  {...(s.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  aria-label={own(SNS_NAMES, s.type) ?? (s.type === 'phone_number' ? t.phone : s.type)}
                  data-t="sns"
                >
                  {Icon ? <Icon /> : s.type}
                </a>
              </li>
            )
          })}
        </ul>
      ) : (
        <span />
      )}
      {(model.company || model.tags) && (
        <ul className="co">
          {model.company?.tabs.map((tab) => (
            <li key={tab}>
              <button type="button" aria-haspopup="dialog" data-tab={tab}>
                {t.companyTabs[tab]}
              </button>
            </li>
          ))}
          {model.tags && (
            <li>
              <NoticeLink notice={model.tags.notice} label={t.externalTransmission} />
            </li>
          )}
        </ul>
      )}
    </footer>
  )
}

/** What the company modal needs of a page: its words and the company part (the JSON's address on a page). */
export interface CompanyDialogModel {
  texts: PageModel['texts']
  company: (Omit<NonNullable<PageModel['company']>, 'data' | 'file' | 'json'> & { data?: string }) | null
  /** The notice of a site with ad tags, linked under the tabs (the console's preview has none). */
  tags?: Pick<NonNullable<PageModel['tags']>, 'notice'> | null
}

/**
 * The company-information modal (SPEC §2 Site frame) with its tabs: company profile, specific
 * commercial transactions, terms of use, privacy policy. The texts can be long, so they are not in
 * the page: the client fetches the language's JSON on first opening and shows them as text
 * (`company.ts`). The console's preview shows the same dialog `open`, in the page's flow, and fills
 * its panels with the same code.
 */
export const CompanyDialog = ({ model, open }: { model: CompanyDialogModel; open?: boolean }) => {
  if (!model.company) return null
  const t = model.texts
  return (
    <dialog className="dlg" id="co" aria-labelledby="co-h" data-src={model.company.data} open={open}>
      <div className="dh">
        <h2 id="co-h">{t.companyInfo}</h2>
        <button type="button" className="x" aria-label={t.close} data-x="">
          <CloseIcon />
        </button>
      </div>
      <div role="tablist" aria-label={t.companyInfo}>
        {model.company.tabs.map((tab, i) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`co-t${tab}`}
            aria-controls={`co-p${tab}`}
            aria-selected={i === 0}
            tabIndex={i === 0 ? 0 : -1}
          >
            {t.companyTabs[tab]}
          </button>
        ))}
      </div>
      {model.company.tabs.map((tab, i) => (
        <div
          key={tab}
          role="tabpanel"
          id={`co-p${tab}`}
          aria-labelledby={`co-t${tab}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a text-only panel takes the focus so the keyboard can scroll it (WAI-ARIA APG tabs)
          tabIndex={0}
          hidden={i !== 0}
        />
      ))}
      {model.company.website && (
        <p className="db">
          <a href={model.company.website} target="_blank" rel="noopener noreferrer">
            {t.website}
          </a>
        </p>
      )}
      {model.tags && (
        <p className="db">
          <NoticeLink notice={model.tags.notice} label={t.externalTransmission} />
        </p>
      )}
    </dialog>
  )
}

/**
 * The product card: one dialog, filled from the pressed hotspot's template. A page whose
 * members-only creatives may open for a member has it too (their products are known only then).
 */
export const ProductDialog = ({ model }: { model: PageModel }) => {
  const cells = model.rows.flat()
  const opens = model.unlocks && cells.some((c) => c.locked)
  if (!opens && !cells.some((c) => !c.locked && c.creative.products?.length)) return null
  const t = model.texts
  return (
    <dialog className="dlg" id="pd" aria-labelledby="pd-h">
      <div className="dh">
        <h2 id="pd-h">{t.product}</h2>
        <button type="button" className="x" aria-label={t.close} data-x="">
          <CloseIcon />
        </button>
      </div>
      <div className="db pd" />
    </dialog>
  )
}

/** The bottom bar's stylesheet. */
export const BOTTOM_BAR_CSS = `.bb{position:relative;z-index:3;display:flex;align-items:center;background:#fff;flex:0 0 48px;height:48px;justify-content:space-between;gap:8px;padding:0 4px;overflow-x:auto;scrollbar-width:none}
.bb ul{list-style:none;margin:0;padding:0;display:flex;align-items:center;gap:2px;flex:none}
.bb li>*{display:grid;place-items:center;min-width:40px;height:40px;padding:0 6px;border:0;border-radius:8px;background:none;font-size:12px;text-decoration:none;white-space:nowrap}
.no-sns .sns,.no-co .co{visibility:hidden}
`

/** The dialogs' stylesheet: the company modal with its tabs, and the frame of the product card. */
export const DIALOG_CSS = `.dlg{width:min(92vw,460px);max-height:86dvh;padding:0;border:0;border-radius:16px;color:#202020;background:#fff;overscroll-behavior:contain}
.dlg[open]{display:flex;flex-direction:column}
.dlg::backdrop{background:rgba(0,0,0,.6)}
.dh{display:flex;align-items:center;gap:8px;padding:4px 4px 4px 16px;border-bottom:1px solid #e5e5e5}
.dh h2{flex:1;margin:0;font-size:16px}
.x{display:grid;place-items:center;width:44px;height:44px;border:0;border-radius:8px;background:none}
.db{overflow:auto;padding:16px}
[role=tablist]{display:flex;overflow-x:auto;border-bottom:1px solid #e5e5e5;scrollbar-width:none}
[role=tab]{flex:none;min-height:44px;padding:0 12px;border:0;border-bottom:3px solid transparent;background:none;font-size:13px}
[role=tab][aria-selected=true]{border-bottom-color:#202020;font-weight:700}
[role=tabpanel]{overflow:auto;padding:16px;white-space:pre-wrap;overflow-wrap:anywhere;font-size:14px;line-height:1.75}
`
