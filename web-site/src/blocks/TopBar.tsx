import type { PageModel } from '../model.ts'
import { GlobeIcon, MenuIcon } from './icons.tsx'
import { Img, SIZES } from './Picture.tsx'
import { safeColor } from './values.ts'

/**
 * The top bar block: the logo, the language selector (language icon ON) and the global menu
 * (menu ON), with its stylesheet. Used by the publish render of every swipe page.
 */

/** The top bar: the logo, the language selector (language icon ON) and the global menu (menu ON). */
export const TopBar = ({ model }: { model: PageModel }) => {
  if (!model.logo && !model.languages && !model.menu) return null
  const t = model.texts
  return (
    <header className="tb">
      {model.logo ? (
        <a className="lo" href={model.home}>
          <Img
            src={model.logo}
            picture={model.logoPicture}
            sizes={SIZES.logo}
            alt={model.title}
            width={160}
            height={32}
          />
        </a>
      ) : (
        <span className="lo" />
      )}
      {model.languages && (
        <details className="dd" id="lg">
          <summary aria-label={t.language} style={{ color: safeColor(model.speakerColor, '#202020') }}>
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
              <ul style={{ color: safeColor(model.menuColor, '#202020') }}>
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

/** The top bar's stylesheet, the language selector's and the global menu's drop-downs included. */
export const TOP_BAR_CSS = `.tb{position:relative;z-index:3;display:flex;align-items:center;gap:4px;background:#fff;flex:0 0 48px;height:48px;padding:0 4px 0 12px}
.lo{display:block;width:160px;height:32px;margin-right:auto}
.lo img{display:block;width:100%;height:100%;object-fit:contain;object-position:left center}
.dd{position:relative}
.dd>summary{list-style:none;display:grid;place-items:center;width:44px;height:44px;border-radius:8px;cursor:pointer}
.dd>summary::-webkit-details-marker{display:none}
.dd>div{position:absolute;right:0;top:46px;min-width:200px;max-height:70dvh;overflow:auto;background:#fff;border-radius:12px;box-shadow:0 8px 28px rgba(0,0,0,.25);padding:6px}
.dd ul{list-style:none;margin:0;padding:0}
.dd a{display:flex;align-items:center;min-height:44px;padding:0 12px;border-radius:8px;text-decoration:none}
.dd a:hover{background:#f2f2f2}
.dd a[aria-current]{font-weight:700}
`
