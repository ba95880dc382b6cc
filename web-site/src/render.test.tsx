import { describe, expect, it } from 'vitest'
import { BOOT_JS } from './boot.ts'
import { fixtureSite } from './fixture.ts'
import { CACHE_CONTROL, publicMediaKeys, renderSitePages } from './render.tsx'
import { CTA_ANIMATION_CSS } from './styles.ts'
import { wholePage } from './testing/whole-page.ts'
import type { PublishInput, RenderedFile } from './types.ts'

const EVIL = `<script>alert("x")</script>"'&<b>`

const page = (files: RenderedFile[], path = 'index.html') => {
  const file = files.find((f) => f.path === path)
  if (!file) throw new Error(`no ${path} in ${files.map((f) => f.path).join(', ')}`)
  return String(file.body)
}
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const render = (change?: (input: PublishInput) => void) => {
  const input = fixtureSite()
  change?.(input)
  return renderSitePages(input)
}

describe('renderSitePages: files', () => {
  it('writes a page per language, the company texts, a redirect and the hashed scripts', () => {
    // Without forms: the swipe pages and the forms' "not accepting" pages (form-pages.test.tsx).
    const files = render((input) => {
      for (const settings of input.settings) settings.forms = null
    })
    const closed = (segment: string) =>
      ['register', 'login', 'contact', 'forms'].map((name) => `${segment}${name}/index.html`)
    expect(files.map((f) => f.path)).toEqual([
      'index.html',
      // The cells past the first screen, which the island fills in (docs/decisions/0074).
      expect.stringMatching(/^data\/cells\.ja\.[0-9a-f]{12}\.json$/),
      ...closed(''),
      expect.stringMatching(/^data\/company\.ja\.[0-9a-f]{12}\.json$/),
      'en/index.html',
      expect.stringMatching(/^data\/cells\.en\.[0-9a-f]{12}\.json$/),
      ...closed('en/'),
      expect.stringMatching(/^data\/company\.en\.[0-9a-f]{12}\.json$/),
      'ja/index.html',
      expect.stringMatching(/^assets\/swipe\.[0-9a-f]{12}\.js$/),
      // The Web Vitals script, which the island fetches for sampled visits (docs/decisions/0071).
      expect.stringMatching(/^assets\/vitals\.[0-9a-f]{12}\.js$/),
    ])
    for (const file of files) {
      const html = file.path.endsWith('.html')
      expect(file.contentType).toBe(
        html
          ? 'text/html; charset=utf-8'
          : file.path.endsWith('.js')
            ? 'text/javascript; charset=utf-8'
            : 'application/json; charset=utf-8',
      )
      expect(file.cacheControl).toBe(html ? CACHE_CONTROL.page : CACHE_CONTROL.immutable)
    }
    const redirect = page(files, 'ja/index.html')
    expect(redirect).toContain('<meta http-equiv="refresh" content="0;url=/">')
    expect(redirect).toContain('<meta name="robots" content="noindex">')
  })

  it('is pure: the same input renders the same files', () => {
    expect(render()).toEqual(render())
  })

  it('uses SPEC’s segments for every language and BCP 47 tags for lang', () => {
    const files = render((input) => {
      input.site.languages = ['JP', 'EN', 'CN', 'KR']
    })
    expect(files.filter((f) => /^(\w\w\/)?index\.html$/.test(f.path)).map((f) => f.path)).toEqual([
      'index.html',
      'en/index.html',
      'cn/index.html',
      'kr/index.html',
      'ja/index.html',
    ])
    const langs = ['index.html', 'en/index.html', 'cn/index.html', 'kr/index.html'].map(
      (path) => parse(page(files, path)).documentElement.lang,
    )
    expect(langs).toEqual(['ja', 'en', 'zh', 'ko'])
  })

  it('puts the default language at the root when it is not Japanese', () => {
    const files = render((input) => {
      input.site.defaultLanguage = 'EN'
    })
    expect(parse(page(files)).documentElement.lang).toBe('en')
    expect(parse(page(files, 'ja/index.html')).documentElement.lang).toBe('ja')
    expect(page(files, 'en/index.html')).toContain('url=/')
  })
})

describe('renderSitePages: the page', () => {
  it('falls back to the first creative’s main text when the creator set no SEO description', () => {
    const files = render((input) => {
      for (const s of input.settings) if (s.seo) s.seo.description = ''
      const a1 = input.creatives.find((c) => c.lang === 'JP' && c.position === 'A1')!
      a1.mainText = '春の新作をスワイプでチェック'
    })
    expect(parse(page(files)).querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      '春の新作をスワイプでチェック',
    )
  })

  it('has the language’s title, description and h1', () => {
    const files = render()
    const ja = parse(page(files))
    expect(ja.title).toBe('デモサイト | スワイプLP')
    expect(ja.querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      '縦横にスワイプして見るランディングページのデモです',
    )
    expect(ja.querySelectorAll('h1')).toHaveLength(1)
    expect(ja.querySelector('h1')?.textContent).toBe('デモサイト')
    const en = parse(page(files, 'en/index.html'))
    expect(en.title).toBe('Demo site | Swipe LP')
    expect(en.querySelector('h1')?.textContent).toBe('Demo site')
  })

  it('preloads the first creative with high priority and reserves every creative’s space', () => {
    const files = render()
    const html = page(files)
    const doc = parse(html)
    const preload = doc.head.querySelector('link[rel=preload][as=image]')
    expect(preload?.getAttribute('href')).toBe('/media/creative-A1.jpg')
    expect(preload?.getAttribute('fetchpriority')).toBe('high')
    // Every creative's frame: the page's first screen and what the island fills in from the cells
    // file (docs/decisions/0074-first-screen-first.md).
    expect(doc.querySelectorAll('img.m')).toHaveLength(3)
    const images = [...parse(wholePage(files)).querySelectorAll<HTMLImageElement>('img.m')]
    expect(images).toHaveLength(8) // 9 cells, C2 is members-only
    const [first, ...rest] = images
    expect(first?.getAttribute('src')).toBe('/media/creative-A1.jpg')
    expect(first?.getAttribute('fetchpriority')).toBe('high')
    expect(first?.getAttribute('loading')).toBe('eager')
    for (const img of images) {
      expect(img.getAttribute('width')).toBe('351')
      expect(img.getAttribute('height')).toBe('535')
      expect(img.getAttribute('alt')).toMatch(/^デモ画像 [A-C][1-3]$/)
    }
    // The rest wait for the client: no request competes with the first creative.
    for (const img of rest) {
      expect(img.getAttribute('src')).toMatch(/^data:image\/gif;base64,/)
      expect(img.dataset.src).toMatch(/^\/media\/creative-[A-C][1-3]\.jpg$/)
    }
    // Preload comes before anything else that loads.
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<script'))
  })

  it('fetches no script before the first paint: one inline boot script names the island', () => {
    const html = page(render())
    const doc = parse(html)
    const scripts = [...doc.querySelectorAll('script')]
    expect(scripts).toHaveLength(1)
    expect(scripts[0]?.hasAttribute('src')).toBe(false)
    expect(scripts[0]?.textContent).toBe(BOOT_JS)
    // Last in <body>: it runs once the page is parsed.
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('id="sw"'))
    expect(doc.body.dataset.island).toMatch(/^\/assets\/swipe\.[0-9a-f]{12}\.js$/)
    expect(doc.querySelectorAll('link[rel=stylesheet], link[rel=modulepreload]')).toHaveLength(0)
  })

  it('writes Japanese SEO punctuation as typed and escapes & and < in the title and description', () => {
    const files = render((input) => {
      const ja = input.settings.find((s) => s.lang === 'JP')!
      Object.assign(ja.seo!, {
        title: 'A&B <x> 送料無料！',
        description: '春・夏、20%OFF〜11/30まで。A&B <x>',
      })
    })
    const html = page(files)
    expect(html).toContain('<title>A&amp;B &lt;x&gt; 送料無料！</title>')
    expect(html).toContain(
      '<meta name="description" content="春・夏、20%OFF〜11/30まで。A&amp;B &lt;x&gt;"/>',
    )
    expect(html).not.toContain('<x>')
    const doc = parse(html)
    expect(doc.title).toBe('A&B <x> 送料無料！')
    expect(doc.querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      '春・夏、20%OFF〜11/30まで。A&B <x>',
    )
  })

  it('escapes creator text everywhere it appears', () => {
    const input = fixtureSite()
    input.site.name = EVIL
    for (const c of input.creatives) {
      Object.assign(c, { imageAlt: EVIL, mainText: EVIL, linkButtonText: EVIL })
      for (const p of c.products ?? [])
        Object.assign(p, { productName: EVIL, description: EVIL, linkButtonText: EVIL })
    }
    for (const s of input.settings) Object.assign(s.seo!, { title: EVIL, h1: EVIL, description: EVIL })
    for (const m of input.menus) m.items = [{ name: EVIL }]
    for (const cta of input.site.popupCtas ?? []) for (const l of cta.localized ?? []) l.content = EVIL
    const files = renderSitePages(input)
    // The pages, and the pages with the cells their cells file holds, which the island puts in
    // as markup (docs/decisions/0074-first-screen-first.md).
    for (const html of ['index.html', 'en/index.html', 'ja/index.html'].flatMap((path) => [
      page(files, path),
      wholePage(files, path),
    ])) {
      expect(html).not.toContain('<script>alert')
      expect(html).not.toContain('"\'&<b>')
      const doc = parse(html)
      expect([...doc.querySelectorAll('script')].filter((s) => s.textContent !== BOOT_JS)).toHaveLength(0)
      expect(doc.querySelectorAll('b:not(.pr b)')).toHaveLength(0)
    }
    const doc = parse(page(files))
    expect(doc.title).toBe(EVIL)
    expect(doc.querySelector('meta[name=description]')?.getAttribute('content')).toBe(EVIL)
    expect(doc.querySelector('h1')?.textContent).toBe(EVIL)
    expect(doc.querySelector('#A1 img')?.getAttribute('alt')).toBe(EVIL)
    expect(doc.querySelector('#A1 .tx')?.textContent).toBe(EVIL)
    expect(doc.querySelector('#A1 .bt')?.textContent).toBe(EVIL)
    expect(doc.querySelector('#A1 .pr b')?.textContent).toBe(EVIL)
    expect(doc.querySelector('#A1 .pt')?.getAttribute('aria-label')).toContain(EVIL)
    expect(doc.querySelector('[data-j]')?.textContent).toBe(EVIL)
    expect(doc.querySelector('.cta')?.getAttribute('aria-label')).toBe(EVIL)
    const template = doc.querySelector<HTMLTemplateElement>('template#p-A1-0')!
    expect(template.content.querySelector('h3')?.textContent).toBe(EVIL)
    expect(template.content.querySelectorAll('script')).toHaveLength(0)
  })

  it('places the creator’s head and body tags verbatim, only at the end of head and of body', () => {
    const head = '<meta name="x-creator" content="a&b"><script src="https://tags.example/h.js"></script>'
    const body = '<script src="https://tags.example/b.js" defer></script>'
    const files = render((input) => {
      Object.assign(input.settings[0]!.seo!, { head, body })
    })
    const html = page(files)
    expect(html.split(head)).toHaveLength(2)
    expect(html.split(body)).toHaveLength(2)
    expect(html).toContain(`${head}</head>`)
    expect(html.endsWith(`${body}</body></html>`)).toBe(true)
    expect(html).not.toContain('data-creator-')
    // The other language has its own (here: none).
    const en = page(files, 'en/index.html')
    expect(en).not.toContain('tags.example')
    expect(en).not.toContain('data-creator-')
  })

  it('keeps `$` patterns in creator tags literal', () => {
    const head = '<meta name="x" content="$& $1 $$">'
    const html = page(
      render((input) => {
        input.settings[0]!.seo!.head = head
      }),
    )
    expect(html).toContain(`${head}</head>`)
  })

  it('locks members-only creatives and invites sign-up, without their media', () => {
    const files = render()
    // C2 comes from the cells file (docs/decisions/0074-first-screen-first.md): the page as filled.
    const doc = parse(wholePage(files))
    const locked = doc.getElementById('C2')!
    expect(locked.querySelector('.lk')?.textContent).toContain('会員限定コンテンツです')
    expect(locked.querySelector('a.bt')?.getAttribute('href')).toBe('/register')
    expect(locked.querySelector('img,video')).toBeNull()
    for (const file of files) expect(String(file.body)).not.toContain('creative-C2.jpg')
    expect(parse(wholePage(files, 'en/index.html')).querySelector('#C2 a.bt')?.getAttribute('href')).toBe(
      '/en/register',
    )
    expect(publicMediaKeys(fixtureSite())).not.toContain('sites/demo/media/C2.jpg')
    expect(publicMediaKeys(fixtureSite())).toContain('sites/demo/media/A1.jpg')
  })

  it('shows the language selector only when the language icon setting is ON', () => {
    const on = parse(page(render()))
    const links = [...on.querySelectorAll<HTMLAnchorElement>('#lg a')]
    expect(links.map((a) => [a.getAttribute('href'), a.dataset.l, a.lang, a.textContent])).toEqual([
      ['/', 'ja', 'ja', '日本語'],
      ['/en/', 'en', 'en', 'English'],
    ])
    expect(links[0]?.getAttribute('aria-current')).toBe('page')
    const off = parse(
      page(
        render((input) => {
          input.site.displayLanguageIcon = false
        }),
      ),
    )
    expect(off.getElementById('lg')).toBeNull()
    const single = parse(
      page(
        render((input) => {
          input.site.languages = ['JP']
        }),
      ),
    )
    expect(single.getElementById('lg')).toBeNull()
  })

  it('shows the global menu only when it is ON, each item jumping to its row', () => {
    const on = parse(page(render()))
    expect(
      [...on.querySelectorAll<HTMLAnchorElement>('#mn a')].map((a) => [a.textContent, a.dataset.j]),
    ).toEqual([
      ['トップ', 'A1'],
      ['商品紹介', 'A2'],
      ['キャンペーン', 'A3'],
    ])
    const named = parse(
      page(
        render((input) => {
          input.menus[0]!.items = [{ id: 'B3', name: 'B3へ' }]
        }),
      ),
    )
    expect(named.querySelector<HTMLAnchorElement>('#mn a')?.dataset.j).toBe('B3')
    const off = parse(
      page(
        render((input) => {
          input.site.displayGlobalMenu = false
        }),
      ),
    )
    expect(off.getElementById('mn')).toBeNull()
  })

  it('renders prices with tax, link buttons, link points and products', () => {
    const files = render()
    const ja = parse(page(files))
    expect(ja.querySelector('#A1 .pz')?.textContent).toBe('¥1,980（税込）')
    expect(ja.querySelector('#A1 .pr')?.textContent).toBe('限定セット¥3,300（税込）')
    expect(parse(page(files, 'en/index.html')).querySelector('#A1 .pz')?.textContent).toBe(
      '¥1,980 (tax incl.)',
    )
    const external = ja.querySelector('#A1 .bt')!
    expect(external.getAttribute('href')).toBe('https://example.com/')
    expect(external.getAttribute('target')).toBe('_blank')
    expect(external.getAttribute('rel')).toBe('noopener noreferrer')
    const internal = ja.querySelector('#B1 .bt')!
    expect(internal.getAttribute('href')).toBe('/contact')
    expect(internal.hasAttribute('target')).toBe(false)
    const point = ja.querySelector<HTMLElement>('#A1 .pt')!
    expect(point.style.left).toBe('85.47%')
    expect(point.style.top).toBe('11.21%')
    const hotspot = ja.querySelector<HTMLElement>('#A1 .pr')!
    expect([hotspot.style.left, hotspot.style.top]).toEqual(['6.84%', '37.38%'])
    expect(hotspot.dataset.p).toBe('A1-0')
    expect(ja.querySelector('template#p-A1-0')).not.toBeNull()
  })

  it('refuses unsafe links and colours', () => {
    const doc = parse(
      page(
        render((input) => {
          const a1 = input.creatives[0]!
          a1.linkDestinationUrl = 'javascript:alert(1)'
          a1.linkButtonColor = 'red;background:url(https://evil.example/x)'
          a1.mainTextColor = 'expression(alert(1))'
          a1.imageLinkPoints = [{ x: 1, y: 1, linkUrl: 'data:text/html,x' }]
          const b1 = input.creatives[2]!
          b1.linkButtonColor = '#123456'
          b1.linkTextColor = '#FFFFFF'
        }),
      ),
    )
    expect(doc.querySelector('#A1 .bt')).toBeNull()
    expect(doc.querySelector('#A1 .pt')).toBeNull()
    expect(doc.querySelector<HTMLElement>('#A1 .tx')?.getAttribute('style')).toBe('color:#FFFFFF')
    expect(doc.documentElement.outerHTML).not.toContain('evil.example')
    expect(doc.querySelector<HTMLElement>('#B1 .bt')?.getAttribute('style')).toBe(
      'background:#123456;color:#FFFFFF',
    )
  })

  it('paints the creator’s colours as chosen: white on #99D52A and on a red CTA stays white', () => {
    const doc = parse(
      page(
        render((input) => {
          const a1 = input.creatives[0]!
          a1.linkButtonColor = '#99D52A'
          a1.linkTextColor = '#FFFFFF'
          a1.products![0]!.linkButtonColor = '#2BAA50'
          a1.products![0]!.linkTextColor = '#FFFFFF'
          a1.products![0]!.backgroundColor = '#FFFF00'
          a1.products![0]!.textColor = '#FFFFFF'
          const cta = input.site.popupCtas![0]!
          cta.linkButtonColor = '#FF0000'
          cta.linkTextColor = '#FFFFFF'
        }),
      ),
    )
    expect(doc.querySelector<HTMLElement>('#A1 .bt')?.getAttribute('style')).toBe(
      'background:#99D52A;color:#FFFFFF',
    )
    expect(doc.querySelector<HTMLElement>('#A1 .pr')?.getAttribute('style')).toContain(
      'background:#FFFF00;color:#FFFFFF',
    )
    const product = doc.querySelector<HTMLTemplateElement>('template#p-A1-0')!.content
    expect(product.querySelector<HTMLElement>('a')?.getAttribute('style')).toBe(
      'background:#2BAA50;color:#FFFFFF',
    )
    expect(doc.querySelector<HTMLElement>('[data-cta="0"]')?.getAttribute('style')).toBe(
      '--b:#FF0000;--t:#FFFFFF',
    )
  })

  it('gives the swipe arrows the first creative’s colour and fade interval', () => {
    const doc = parse(page(render()))
    const arrows = doc.querySelector<HTMLElement>('.ar')!
    expect(arrows.className).toBe('ar fd')
    expect(arrows.getAttribute('style')).toBe('--ac:#FFFFFF;--fi:1.5s')
    expect([...arrows.querySelectorAll('button')].map((b) => [b.dataset.m, b.hidden])).toEqual([
      ['l', true],
      ['r', false],
      ['u', true],
      ['d', false],
    ])
    expect(doc.getElementById('B1')?.dataset.a).toBe('#FFD400')
    expect(doc.getElementById('A3')?.dataset.s).toBe('4')
  })

  it('shows the default language’s SNS links in a language without its own, and its own otherwise', () => {
    const links = (files: RenderedFile[], path: string) =>
      [...parse(page(files, path)).querySelectorAll('#bb .sns a')].map((a) => a.getAttribute('href'))
    const inherited = render((input) => {
      input.settings.find((s) => s.lang === 'EN')!.sns = []
    })
    expect(links(inherited, 'en/index.html')).toEqual(links(inherited, 'index.html'))
    expect(links(inherited, 'en/index.html')).toHaveLength(4)
    expect(links(render(), 'en/index.html')).toEqual(['https://instagram.com/example'])
  })

  it('writes the bottom bar with SNS links and company tabs, and the company texts as JSON', () => {
    const files = render()
    const doc = parse(page(files))
    expect([...doc.querySelectorAll('#bb .sns a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://instagram.com/example',
      'https://x.com/example',
      'https://line.me/R/ti/p/example',
      'tel:0312345678',
    ])
    expect([...doc.querySelectorAll('#bb [data-tab]')].map((b) => b.textContent)).toEqual([
      '会社概要',
      '特定商取引法に基づく表記',
      '利用規約',
      'プライバシーポリシー',
    ])
    const dialog = doc.getElementById('co')!
    expect(dialog.tagName).toBe('DIALOG')
    expect(dialog.getAttribute('aria-labelledby')).toBe('co-h')
    expect(dialog.querySelectorAll('[role=tab]')).toHaveLength(4)
    const json = files.find((f) => f.path.startsWith('data/company.ja'))!
    expect(dialog.dataset.src).toBe(`/${json.path}`)
    expect(JSON.parse(String(json.body)).texts[1]).toBe('販売業者：株式会社サンプル\n運営責任者：山田太郎')
    // English has no commercial-transactions text: its tab is left out.
    expect(
      [...parse(page(files, 'en/index.html')).querySelectorAll('#bb [data-tab]')].map((b) => b.textContent),
    ).toEqual(['Company profile', 'Terms of use', 'Privacy policy'])
  })

  it('leaves the bottom bar out when no creative shows SNS or company links', () => {
    const doc = parse(
      page(
        render((input) => {
          for (const c of input.creatives) Object.assign(c, { snsConfig: false, showCompany: false })
        }),
      ),
    )
    expect(doc.getElementById('bb')).toBeNull()
    expect(doc.getElementById('co')).toBeNull()
  })
})

describe('renderSitePages: the creative frame on phones', () => {
  const css = (doc: Document) => doc.querySelector('style')!.textContent!

  it('covers a tall phone screen in FILL, keeping points and products on their place of the frame', () => {
    const doc = parse(page(render()))
    // Only under .fill, only on a portrait phone at least twice as high as wide (Pixel 7: 412 × 915).
    const rules = css(doc)
    expect(rules).toContain('@media (max-width:480px) and (max-aspect-ratio:1/2){.fill .st{')
    expect(rules).toContain('width:max(100cqw,65.61cqh);height:max(100cqh,152.42cqw)')
    // The whole frame otherwise (FIT, wider screens, PC): the 351 × 535 frame, centred.
    expect(rules).toContain('width:min(100cqw,65.6cqh);height:min(100cqh,152.42cqw)')
    // Points and products carry their left side twice: as placed on the frame, and for the
    // clamp that keeps them inside the visible width when the sides are cropped.
    const point = doc.querySelector<HTMLElement>('#A1 .pt')!
    expect([point.style.left, point.style.getPropertyValue('--l')]).toEqual(['85.47%', '85.47%'])
    const product = doc.querySelector<HTMLElement>('#A1 .pr')!
    expect([product.style.left, product.style.getPropertyValue('--l')]).toEqual(['6.84%', '6.84%'])
  })

  it('keeps FIT and PC view mode without the fill class, and shows no empty top bar', () => {
    const fit = parse(
      page(
        render((input) => {
          input.site.creativeFit = 'FIT'
        }),
      ),
    )
    expect(fit.body.classList.contains('fill')).toBe(false)
    const pc = parse(
      page(
        render((input) => {
          input.site.viewMode = 'PC'
          input.site.creativeFit = 'FILL'
        }),
      ),
    )
    expect(pc.body.className).toBe('wide')
    expect(parse(page(render())).querySelector('header.tb')).not.toBeNull()
    const bare = parse(
      page(
        render((input) => {
          input.site.displayLanguageIcon = false
          input.site.displayGlobalMenu = false
          delete input.site.logoKey
        }),
      ),
    )
    expect(bare.querySelector('header.tb')).toBeNull()
    expect(bare.querySelector('.app')!.firstElementChild!.id).toBe('sw')
  })
})

describe('renderSitePages: popup CTAs', () => {
  it('writes each CTA hidden, with its rules as data attributes', () => {
    const doc = parse(page(render()))
    const [top, bottom] = [
      doc.querySelector('.ctas.t .cta'),
      doc.querySelector('.ctas.b .cta'),
    ] as HTMLElement[]
    expect(bottom!.hidden).toBe(true)
    expect(bottom!.className).toBe('cta a-PULSE')
    expect(bottom!.dataset).toMatchObject({
      cta: '0',
      sheets: '1,2,3',
      kind: 'TIME_LIMIT',
      start: '2026-11-21T03:00:00.000Z',
      end: '2026-11-22T04:30:00.000Z',
    })
    expect(bottom!.querySelector('[data-cd]')?.textContent).toBe('残り1時間')
    expect(top!.dataset).toMatchObject({
      cta: '1',
      sheets: '4,5',
      kind: 'APPLICANT_LIMIT',
      left: '63',
      limit: '100',
    })
    expect(top!.querySelector('[data-sl]')?.textContent).toBe('残り63枠')
    expect(top!.querySelector('a')?.getAttribute('href')).toBe('/register')
  })

  it('gives the island the slots template and, for applicant limits, the "full" text of the language', () => {
    for (const [path, slots, full] of [
      ['index.html', '残り{n}枠', '受付は終了しました'],
      ['en/index.html', '{n} spots left', 'This offer is full'],
    ] as const) {
      const doc = parse(page(render(), path))
      const [time, limited] = [
        doc.querySelector('[data-cta="0"]'),
        doc.querySelector('[data-cta="1"]'),
      ] as HTMLElement[]
      expect(limited!.querySelector<HTMLElement>('[data-sl]')!.dataset.sl).toBe(slots)
      expect(limited!.dataset.full).toBe(full)
      expect(time!.hasAttribute('data-full')).toBe(false)
    }
  })

  it('includes the keyframes of the animations used, and none when no CTA', () => {
    const css = (files: RenderedFile[]) => parse(page(files)).querySelector('style')?.textContent ?? ''
    const used = css(render())
    expect(used).toContain('@keyframes pu')
    expect(used).toContain('@keyframes sh')
    expect(used).not.toContain('@keyframes wo')
    expect(used).toContain('prefers-reduced-motion:reduce')
    const none = css(
      render((input) => {
        input.site.popupCtas = []
      }),
    )
    expect(none).not.toContain('.ctas')
  })

  it('knows all nine animations and positions them', () => {
    const animations = [
      'NONE',
      'PULSE',
      'GLOW',
      'BOUNCE',
      'SHIMMER',
      'GLITCH',
      'WOBBLE',
      'BUBBLY',
      'PULSE_OUT',
    ]
    expect(Object.keys(CTA_ANIMATION_CSS)).toEqual(animations)
    const doc = parse(
      page(
        render((input) => {
          input.site.popupCtas = animations.map((animation, i) => ({
            linkUrl: 'https://example.com/',
            content: animation,
            animation,
            effectiveSheets: [1],
            displayPosition: (['TOP', 'CENTER', 'BOTTOM'] as const)[i % 3],
          }))
        }),
      ),
    )
    expect([...doc.querySelectorAll('.cta')].map((c) => c.className).sort()).toEqual(
      animations.map((a) => `cta a-${a}`).sort(),
    )
    expect(doc.querySelectorAll('.ctas')).toHaveLength(3)
    const css = doc.querySelector('style')?.textContent ?? ''
    for (const a of animations.slice(1)) expect(css).toContain(`.a-${a} .cb`)
  })

  it('writes each CTA’s text and image in the page’s language, the default language’s where it has none', () => {
    const render2 = () =>
      render((input) => {
        input.media['sites/demo/uploads/cta-ja.png'] = 'media/cta-ja.png'
        input.media['sites/demo/uploads/cta-en.png'] = 'media/cta-en.png'
        input.site.popupCtas![0]!.localized = [
          { lang: 'JP', content: '期間限定セール開催中', imageUrl: 'sites/demo/uploads/cta-ja.png' },
          { lang: 'EN', content: 'Limited-time sale on now', imageUrl: 'sites/demo/uploads/cta-en.png' },
        ]
      })
    const shown = (path: string) =>
      [...parse(page(render2(), path)).querySelectorAll<HTMLElement>('.cta')].map((c) => [
        c.dataset.cta,
        c.querySelector('span')?.firstChild?.textContent,
        c.getAttribute('aria-label'),
        c.querySelector('img')?.getAttribute('src'),
      ])
    expect(shown('index.html')).toEqual([
      ['1', '先着100名様に特典', '先着100名様に特典', undefined],
      ['0', '期間限定セール開催中', '期間限定セール開催中', '/media/cta-ja.png'],
    ])
    // CTA 1 has no English text: the English page shows the Japanese one rather than an empty button.
    expect(shown('en/index.html')).toEqual([
      ['1', '先着100名様に特典', '先着100名様に特典', undefined],
      ['0', 'Limited-time sale on now', 'Limited-time sale on now', '/media/cta-en.png'],
    ])
    const keys = publicMediaKeys({
      ...fixtureSite(),
      media: {
        ...fixtureSite().media,
        'sites/demo/uploads/cta-ja.png': 'media/cta-ja.png',
        'sites/demo/uploads/cta-en.png': 'media/cta-en.png',
      },
      site: {
        ...fixtureSite().site,
        popupCtas: [
          {
            ...fixtureSite().site.popupCtas![0]!,
            localized: [
              { lang: 'JP', imageUrl: 'sites/demo/uploads/cta-ja.png' },
              { lang: 'EN', imageUrl: 'sites/demo/uploads/cta-en.png' },
            ],
          },
        ],
      },
    })
    expect(keys).toEqual(
      expect.arrayContaining(['sites/demo/uploads/cta-ja.png', 'sites/demo/uploads/cta-en.png']),
    )
  })

  it('marks a CTA without chosen pages for every page, and keeps every creative’s text clear of it', () => {
    const doc = parse(
      page(
        render((input) => {
          input.site.popupCtas = [
            { kind: 'TIME_LIMIT', linkUrl: 'https://example.com/', effectiveSheets: [] },
          ]
        }),
      ),
    )
    expect(doc.querySelector<HTMLElement>('.cta')!.dataset.sheets).toBe('')
    // Every creative sits under the bottom CTA, so each keeps its text above it.
    const cells = [...doc.querySelectorAll('.c')]
    expect(cells.length).toBeGreaterThan(1)
    expect(cells.filter((c) => !c.classList.contains('uc')).map((c) => c.id)).toEqual([])
    const plain = parse(page(render((input) => (input.site.popupCtas = []))))
    expect(plain.querySelectorAll('.c.uc')).toHaveLength(0)
  })

  it('leaves out CTAs that ended before publication and unknown animations', () => {
    const doc = parse(
      page(
        render((input) => {
          input.site.popupCtas = [
            { linkUrl: 'https://example.com/', endDate: '2026-11-01T00:00:00.000Z', effectiveSheets: [1] },
            { linkUrl: 'https://example.com/', animation: 'constructor', effectiveSheets: [1] },
          ]
        }),
      ),
    )
    expect([...doc.querySelectorAll<HTMLElement>('.cta')].map((c) => [c.dataset.cta, c.className])).toEqual([
      ['1', 'cta a-NONE'],
    ])
  })
})

describe('renderSitePages: addresses', () => {
  it('builds every link under /sites/{siteId}/ in the path form', () => {
    const files = render((input) => {
      input.address = { form: 'path' }
    })
    const ja = parse(page(files))
    expect(ja.body.dataset.island).toMatch(/^\/sites\/demo-site\/assets\/swipe\./)
    expect(ja.querySelector('#A1 img')?.getAttribute('src')).toBe('/sites/demo-site/media/creative-A1.jpg')
    expect([...ja.querySelectorAll('#lg a')].map((a) => a.getAttribute('href'))).toEqual([
      '/sites/demo-site/',
      '/sites/demo-site/en/',
    ])
    expect(ja.querySelector('#B1 .bt')?.getAttribute('href')).toBe('/sites/demo-site/contact')
    expect(ja.body.dataset.root).toBe('/sites/demo-site/')
    const en = parse(wholePage(files, 'en/index.html'))
    expect(en.querySelector('#C2 a.bt')?.getAttribute('href')).toBe('/sites/demo-site/en/register')
  })

  it('adds canonical and alternate links when the origin is known', () => {
    const doc = parse(
      page(
        render((input) => {
          input.origin = 'https://6f1c2f8e.sites.example.com/'
        }),
        'en/index.html',
      ),
    )
    expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      'https://6f1c2f8e.sites.example.com/en/',
    )
    expect(doc.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'https://6f1c2f8e.sites.example.com/media/creative-A1.jpg',
    )
    expect(
      [...doc.querySelectorAll('link[rel=alternate]')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    ).toEqual([
      ['ja', 'https://6f1c2f8e.sites.example.com/'],
      ['en', 'https://6f1c2f8e.sites.example.com/en/'],
      ['x-default', 'https://6f1c2f8e.sites.example.com/'],
    ])
  })

  it('fills the screen in PC view mode and keeps a phone-width column in MOBILE mode', () => {
    // MOBILE with the default creative fit (FILL): the creative covers a tall phone's screen.
    expect(parse(page(render())).body.className).toBe('fill')
    const fit = parse(
      page(
        render((input) => {
          input.site.creativeFit = 'FIT'
        }),
      ),
    )
    expect(fit.body.className).toBe('')
    const pc = parse(
      page(
        render((input) => {
          input.site.viewMode = 'PC'
        }),
      ),
    )
    expect(pc.body.className).toBe('wide')
  })

  it('writes the analytics endpoint on body only when there is one', () => {
    expect(parse(page(render())).body.hasAttribute('data-analytics-endpoint')).toBe(false)
    const doc = parse(
      page(
        render((input) => {
          input.analyticsEndpoint = '/api/v1/end-user/analytics'
        }),
      ),
    )
    expect(doc.body.dataset.analyticsEndpoint).toBe('/api/v1/end-user/analytics')
    // That endpoint is not the API's analytics route: no API base follows from it.
    expect(doc.body.hasAttribute('data-api')).toBe(false)
  })

  it('names the API the island calls: given, or the base of the API’s analytics route', () => {
    const api = (change: (input: PublishInput) => void) => parse(page(render(change))).body.dataset.api
    expect(api(() => {})).toBeUndefined()
    expect(
      api((input) => {
        input.analyticsEndpoint = '/api/v1/analytics/events'
      }),
    ).toBe('/api/v1')
    expect(
      api((input) => {
        input.analyticsEndpoint = '/api/v1/analytics/events'
        input.apiBase = 'https://api.example.com/v2'
      }),
    ).toBe('https://api.example.com/v2')
  })

  it('shows a placeholder for a language without creatives', () => {
    const doc = parse(
      page(
        render((input) => {
          input.creatives = input.creatives.filter((c) => c.lang !== 'EN')
        }),
        'en/index.html',
      ),
    )
    expect(doc.querySelector('.nc')?.textContent).toBe('Coming soon')
    expect(doc.querySelectorAll('.c')).toHaveLength(0)
  })
})
