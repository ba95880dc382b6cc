import { legibleText } from '../lib/contrast.ts'
import { safeColor } from '../lib/format.ts'
import { own } from '../lib/own.ts'
import type { PageModel } from '../model.ts'
import { CloseIcon, GlobeIcon, MenuIcon, SNS_ICONS, SNS_NAMES } from './icons.tsx'

/** The top bar: the logo, the language selector (language icon ON) and the global menu (menu ON). */
export const TopBar = ({ model }: { model: PageModel }) => {
  if (!model.logo && !model.languages && !model.menu) return null
  const t = model.texts
  return (
    <header className="tb">
      {model.logo ? (
        <a className="lo" href={model.home}>
          <img src={model.logo} alt={model.title} width={160} height={32} />
        </a>
      ) : (
        <span className="lo" />
      )}
      {model.languages && (
        <details className="dd" id="lg">
          <summary
            aria-label={t.language}
            style={{ color: legibleText(safeColor(model.speakerColor, '#202020'), '#FFFFFF') }}
          >
            <GlobeIcon />
          </summary>
          <div>
            <ul>
              {model.languages.map((l) => (
                <li key={l.lang}>
                  <a
                    href={l.href}
                    hrefLang={l.htmlLang}
                    lang={l.htmlLang}
                    data-l={l.segment}
                    aria-current={l.current ? 'page' : undefined}
                  >
                    {l.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </details>
      )}
      {model.menu && (
        <details className="dd" id="mn">
          <summary aria-label={t.menu}>
            <MenuIcon />
          </summary>
          <div>
            <nav aria-label={t.menu}>
              <ul style={{ color: legibleText(safeColor(model.menuColor, '#202020'), '#FFFFFF') }}>
                {model.menu.map((item, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: menu names may repeat across languages only
                  <li key={i}>
                    <a href={`#${item.target}`} data-j={item.target}>
                      {item.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </details>
      )}
    </header>
  )
}

/**
 * The bottom bar: the SNS links and the company-information tabs. Which of the two shows follows
 * the current creative's switches; hidden groups keep their space, so nothing moves.
 */
export const BottomBar = ({ model }: { model: PageModel }) => {
  if (!model.sns?.length && !model.company) return null
  const t = model.texts
  const first = model.rows[0]?.[0]?.creative
  const classes = [!first?.snsConfig && 'no-sns', !first?.showCompany && 'no-co'].filter(Boolean).join(' ')
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
      {model.company && (
        <ul className="co">
          {model.company.tabs.map((tab) => (
            <li key={tab}>
              <button type="button" aria-haspopup="dialog" data-tab={tab}>
                {t.companyTabs[tab]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </footer>
  )
}

/**
 * The company-information modal (SPEC §2 Site frame) with its tabs: company profile, specific
 * commercial transactions, terms of use, privacy policy. The texts can be long, so they are not in
 * the page: the client fetches the language's JSON on first opening and shows them as text.
 */
export const CompanyDialog = ({ model }: { model: PageModel }) => {
  if (!model.company) return null
  const t = model.texts
  return (
    <dialog className="dlg" id="co" aria-labelledby="co-h" data-src={model.company.data}>
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
    </dialog>
  )
}

/** The product card: one dialog, filled from the pressed hotspot's template. */
export const ProductDialog = ({ model }: { model: PageModel }) => {
  if (!model.rows.flat().some((c) => !c.locked && c.creative.products?.length)) return null
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
