import { SITE_LIMITS } from '@swipe/shared/schemas/site'
import { CREATIVE_DEFAULTS } from '@swipe/shared/schemas/site-defaults'
import { defaultForms } from '@swipe/shared/schemas/site-forms'
import { cellReference } from '@swipe/shared/site/cells'
import { xorshift32 } from './lib/xorshift.ts'
import type { PublishCreative, PublishCta, PublishForms, PublishInput, PublishRenditions } from './types.ts'

/**
 * The fixture's visitor forms: all three enabled with SPEC §3's default fields, and the homepage
 * form with one field of each other input type.
 */
const fixtureForms = (lang: 'JP' | 'EN'): PublishForms & { contact: { recipientEmail: string } } => {
  const forms = defaultForms(lang)
  const ja = lang === 'JP'
  return {
    contact: { ...forms.contact, enabled: true, recipientEmail: 'owner@example.com', companyName: '' },
    membership: { ...forms.membership, enabled: true },
    homepage: {
      enabled: true,
      fields: [
        ...forms.homepage.fields,
        {
          id: 'plan',
          typeInput: 'SELECT',
          title: ja ? 'ご希望のプラン' : 'Plan',
          placeholder: '',
          isRequired: true,
          options: [
            { value: ja ? 'ライト' : 'Light', isDefault: false },
            { value: ja ? 'スタンダード' : 'Standard', isDefault: true },
          ],
        },
        {
          id: 'topics',
          typeInput: 'SELECT_OPTIONS',
          title: ja ? '興味のある内容' : 'Topics',
          placeholder: '',
          isRequired: false,
          options: [
            { value: ja ? '新商品' : 'New products', isDefault: false },
            { value: ja ? 'セール' : 'Sales', isDefault: false },
          ],
        },
        {
          id: 'people',
          typeInput: 'NUMBER',
          title: ja ? '人数' : 'People',
          placeholder: '1',
          isRequired: false,
          options: [],
        },
      ],
    },
  }
}

/**
 * A demo site for tests, the size script, the preview and the browser check: the seed's 3 × 3
 * grid of images (infra/local/seed-assets) in Japanese and English, with every feature of the
 * swipe page switched on somewhere. `rows`/`columns` make larger grids for size measurements.
 */
export const fixtureSite = (
  options: { rows?: number; columns?: number; ctas?: boolean; now?: string } = {},
): PublishInput => {
  const rows = options.rows ?? 3
  const columns = options.columns ?? 3
  const now = options.now ?? '2026-11-22T03:00:00.000Z'
  const media: Record<string, string> = {}
  const creatives: PublishCreative[] = []
  const seedCells = ['A1', 'B1', 'C1', 'A2', 'B2', 'C2', 'A3', 'B3', 'C3']
  const texts = {
    JP: {
      alt: 'デモ画像',
      button: '詳しく見る',
      main: 'スワイプで次のクリエイティブへ',
      product: '限定セット',
    },
    EN: {
      alt: 'Demo image',
      button: 'Learn more',
      main: 'Swipe to the next creative',
      product: 'Limited set',
    },
  } as const
  for (let i = 0; i < rows * columns; i++) {
    const position = cellReference(Math.floor(i / columns), i % columns)
    const key = `sites/demo/media/${position}.jpg`
    media[key] = `media/creative-${seedCells[i % seedCells.length]}.jpg`
    for (const lang of ['JP', 'EN'] as const) {
      const t = texts[lang]
      creatives.push({
        lang,
        position,
        order: i + 1,
        mediaKey: key,
        mediaType: 'image',
        imageAlt: `${t.alt} ${position}`,
        mainText: t.main,
        linkButtonText: t.button,
        linkDestinationUrl: i % 3 === 1 ? 'contact' : 'https://example.com/',
        isInternalLink: i % 3 === 1,
        // The creator heeded the editor's contrast warning: dark text on the default green (9.2:1).
        linkButtonColor: CREATIVE_DEFAULTS.linkButtonColor,
        linkTextColor: '#202020',
        price: i === 0 ? 1980 : null,
        snsConfig: true,
        showCompany: i % 2 === 0,
        membersOnlyLock: position === 'C2',
        hoverArrowColor: i === 1 ? '#FFD400' : '#FFFFFF',
        arrowFadeInterval: i === 0 ? 1.5 : null,
        sliderSeconds: position === 'A3' ? 4 : null,
        imageLinkPoints: i === 0 ? [{ x: 300, y: 60, linkUrl: 'https://example.com/campaign' }] : [],
        products:
          i === 0
            ? [
                {
                  productName: t.product,
                  price: 3300,
                  description: lang === 'JP' ? '人気の3点セット。' : 'Our three best sellers.',
                  imagePath: key,
                  linkButtonUrl: 'https://example.com/shop',
                  linkButtonText: lang === 'JP' ? '購入する' : 'Buy',
                  linkButtonColor: '#1E7B3A',
                  linkTextColor: '#FFFFFF',
                  coordinateX: 24,
                  coordinateY: 200,
                  order: 0,
                },
              ]
            : [],
      })
    }
  }
  const popupCtas: PublishCta[] = [
    {
      kind: 'TIME_LIMIT',
      linkUrl: 'https://example.com/sale',
      localized: [
        { lang: 'JP', content: '期間限定セール開催中' },
        { lang: 'EN', content: 'Limited-time sale on now' },
      ],
      linkButtonColor: '#B3261E',
      linkTextColor: '#FFFFFF',
      startDate: new Date(Date.parse(now) - 86_400_000).toISOString(),
      endDate: new Date(Date.parse(now) + 90 * 60_000).toISOString(),
      showRemainingTime: true,
      effectiveSheets: [1, 2, 3],
      animation: 'PULSE',
      displayPosition: 'BOTTOM',
    },
    {
      kind: 'APPLICANT_LIMIT',
      isInternalLink: true,
      linkUrl: 'membership',
      // Japanese only: the English page shows the default language's text.
      localized: [{ lang: 'JP', content: '先着100名様に特典' }],
      limit: '100',
      numberClicks: 37,
      showRemainingSlots: true,
      effectiveSheets: [4, 5],
      animation: 'SHIMMER',
      displayPosition: 'TOP',
    },
  ]
  return {
    site: {
      id: 'demo-site',
      siteUuid: '6f1c2f8e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
      name: 'デモサイト',
      numberHorizontal: rows,
      numberVertical: columns,
      viewMode: 'MOBILE',
      defaultLanguage: 'JP',
      languages: ['JP', 'EN'],
      displayLanguageIcon: true,
      displayGlobalMenu: true,
      speakerColor: '#202020',
      globalMenuTextColor: '#202020',
      popupCtas: options.ctas === false ? [] : popupCtas,
    },
    menus: [
      { lang: 'JP', items: [{ name: 'トップ' }, { name: '商品紹介' }, { name: 'キャンペーン' }] },
      { lang: 'EN', items: [{ name: 'Top' }, { name: 'Products' }, { name: 'Campaign' }] },
    ],
    creatives,
    settings: [
      {
        lang: 'JP',
        seo: {
          title: 'デモサイト | スワイプLP',
          h1: 'デモサイト',
          description: '縦横にスワイプして見るランディングページのデモです',
          head: '',
          body: '',
        },
        sns: [
          { snsType: 'instagram', snsUrl: 'https://instagram.com/example' },
          { snsType: 'x', snsUrl: 'https://x.com/example' },
          { snsType: 'line', snsUrl: 'https://line.me/R/ti/p/example' },
          { snsType: 'phone_number', snsUrl: '03-1234-5678' },
        ],
        company: {
          companyWebsite: 'https://example.com/',
          companyProfile: '株式会社サンプル\n東京都千代田区1-1-1',
          companyClause: '販売業者：株式会社サンプル\n運営責任者：山田太郎',
          termsOfService: '第1条（適用）\n本規約は…',
          privacyPolicy: '当社は個人情報を適切に取り扱います。',
          contractAgreementRequired: true,
          showInMemberShip: true,
          showInContact: true,
        },
        forms: fixtureForms('JP'),
      },
      {
        lang: 'EN',
        seo: {
          title: 'Demo site | Swipe LP',
          h1: 'Demo site',
          description: 'A landing page you swipe up, down, left and right',
          head: '',
          body: '',
        },
        sns: [{ snsType: 'instagram', snsUrl: 'https://instagram.com/example' }],
        company: {
          companyProfile: 'Example Inc.\n1-1-1 Chiyoda, Tokyo',
          termsOfService: 'Article 1 (Scope)\nThese terms…',
          privacyPolicy: 'We handle personal information with care.',
          contractAgreementRequired: true,
          showInMemberShip: true,
          showInContact: true,
        },
        forms: fixtureForms('EN'),
      },
    ],
    media,
    publishedAt: now,
    now,
  }
}

/** Words for `realisticSite`'s texts, per language: enough that no two cells say the same. */
const WORDS = {
  JP: [
    '新作',
    '限定',
    '春の',
    '人気の',
    '職人が',
    '手作りの',
    '軽くて',
    '丈夫な',
    '毎日使える',
    'ギフトに',
    '送料無料',
    '本日まで',
    '国産',
    '天然素材',
    'やさしい',
    '香り',
    '定番',
    'セット',
    'お試し',
    '季節の',
    '特別価格',
    'ご予約',
    '受付中',
    '数量限定',
    'オンライン',
    '店舗',
    '先行販売',
    'リニューアル',
    'レビュー',
    '満足度',
  ],
  EN: [
    'new',
    'limited',
    'spring',
    'favourite',
    'handmade',
    'light',
    'durable',
    'everyday',
    'gift',
    'free shipping',
    'today only',
    'organic',
    'gentle',
    'scented',
    'classic',
    'bundle',
    'trial',
    'seasonal',
    'special price',
    'pre-order',
    'open now',
    'while stocks last',
    'online',
    'in store',
    'early access',
    'renewed',
    'reviews',
    'rated',
    'crafted',
    'collection',
  ],
  CN: [
    '新品',
    '限量',
    '春季',
    '人气',
    '手工',
    '轻便',
    '耐用',
    '日常',
    '礼物',
    '包邮',
    '今日',
    '天然',
    '温和',
    '香氛',
    '经典',
    '套装',
    '试用',
    '季节',
    '特价',
    '预约',
    '开放',
    '数量有限',
    '网上',
    '门店',
    '抢先',
    '焕新',
    '评价',
    '满意',
    '工艺',
    '系列',
  ],
  KR: [
    '신상',
    '한정',
    '봄',
    '인기',
    '수제',
    '가벼운',
    '튼튼한',
    '데일리',
    '선물',
    '무료배송',
    '오늘만',
    '천연',
    '순한',
    '향기',
    '클래식',
    '세트',
    '체험',
    '시즌',
    '특가',
    '예약',
    '오픈',
    '수량한정',
    '온라인',
    '매장',
    '선공개',
    '리뉴얼',
    '리뷰',
    '만족',
    '장인',
    '컬렉션',
  ],
} as const

/**
 * A site as a creator fills the largest plan (issue 35 item 2): `rows` × `columns` creatives in
 * four languages, each cell with its own main text (two lines, up to the editor's 120 characters),
 * alt text, button, price,
 * link, a link point and, on every third cell, a product; each creative its own upload with web
 * renditions (AVIF, WebP, JPEG at the media job's three widths; the 2× AVIF 4.6–5.1 KB). Distinct texts compress worse than the fixture's
 * repeated ones: the size a real site's first HTML has. Deterministic (a fixed pseudo-random walk).
 */
export const realisticSite = (
  options: { rows?: number; columns?: number; now?: string } = {},
): PublishInput => {
  const rows = options.rows ?? 10
  const columns = options.columns ?? 10
  const base = fixtureSite({ rows, columns, ...(options.now ? { now: options.now } : {}) })
  const random = xorshift32(0x9e3779b9)
  const next = () => random() / 2 ** 32
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const slug = () => Math.floor(next() * 2 ** 32).toString(36)
  const sentence = (lang: keyof typeof WORDS, words: number) =>
    Array.from({ length: words }, () => pick(WORDS[lang])).join(lang === 'JP' || lang === 'CN' ? '' : ' ')
  /** A text cut to what the editor accepts (SPEC §3's limits). */
  const clip = (text: string, max: number) => text.slice(0, max).trim()
  const langs = ['JP', 'EN', 'CN', 'KR'] as const
  const media: Record<string, string> = {}
  const renditions: Record<string, PublishRenditions> = {}
  const creatives: PublishCreative[] = []
  for (let i = 0; i < rows * columns; i++) {
    const position = cellReference(Math.floor(i / columns), i % columns)
    const key = `sites/demo/media/${slug()}${slug()}.jpg`
    media[key] = `media/creative-${['A1', 'B1', 'C1', 'A2', 'B2', 'C2', 'A3', 'B3', 'C3'][i % 9]}.jpg`
    // The media job's targets (96, 351 and 702 w); the 2× AVIF about the demo's (4,662 B).
    const images = (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
      [96, 351, 702].map((width) => {
        const file = `sites/demo/media/r/${slug()}${slug()}-${width}.${format === 'jpeg' ? 'jpg' : format}`
        media[file] = media[key]!
        return {
          format,
          key: file,
          width,
          bytes: Math.round((format === 'avif' ? 6.6 : 40) * width * (1 + next() / 10)),
        }
      }),
    )
    renditions[key] = { images }
    for (const lang of langs) {
      const words = lang === 'EN' || lang === 'KR' ? 14 + Math.floor(next() * 8) : 10 + Math.floor(next() * 6)
      creatives.push({
        lang,
        position,
        order: i + 1,
        mediaKey: key,
        mediaType: 'image',
        imageAlt: `${clip(sentence(lang, 4), SITE_LIMITS.text - 4)} ${position}`,
        mainText: clip(
          `${sentence(lang, Math.ceil(words / 2))}\n${sentence(lang, Math.floor(words / 2))}`,
          SITE_LIMITS.content,
        ),
        linkButtonText: clip(sentence(lang, 2), SITE_LIMITS.text),
        linkDestinationUrl: `https://shop.example.com/${lang.toLowerCase()}/items/${slug()}?utm_campaign=${slug()}`,
        isInternalLink: false,
        linkButtonColor: CREATIVE_DEFAULTS.linkButtonColor,
        linkTextColor: '#202020',
        price: 980 + Math.floor(next() * 40) * 110,
        snsConfig: true,
        showCompany: i % 2 === 0,
        membersOnlyLock: false,
        hoverArrowColor: '#FFFFFF',
        arrowFadeInterval: null,
        sliderSeconds: null,
        imageLinkPoints: [
          {
            x: 40 + Math.floor(next() * 270),
            y: 40 + Math.floor(next() * 300),
            linkUrl: `https://shop.example.com/${lang.toLowerCase()}/look/${slug()}`,
          },
        ],
        products:
          i % 3 === 0
            ? [
                {
                  productName: clip(sentence(lang, 3), SITE_LIMITS.text),
                  price: 1_200 + Math.floor(next() * 90) * 100,
                  description: clip(sentence(lang, 12), SITE_LIMITS.content),
                  imagePath: key,
                  linkButtonUrl: `https://shop.example.com/${lang.toLowerCase()}/cart/${slug()}`,
                  linkButtonText: clip(sentence(lang, 1), SITE_LIMITS.text),
                  linkButtonColor: '#1E7B3A',
                  linkTextColor: '#FFFFFF',
                  coordinateX: 24,
                  coordinateY: 200,
                  order: 0,
                },
              ]
            : [],
      })
    }
  }
  const settings = langs.map((lang) => {
    const like = base.settings.find((s) => s.lang === (lang === 'JP' ? 'JP' : 'EN'))!
    return {
      ...like,
      lang,
      seo: {
        h1: like.seo?.h1 ?? '',
        ...like.seo,
        title: clip(`${sentence(lang, 3)} | ${sentence(lang, 2)}`, SITE_LIMITS.seoTitle),
        description: clip(sentence(lang, 12), SITE_LIMITS.seoDescription),
      },
    }
  })
  const menus = langs.map((lang) => ({
    lang,
    items: [0, 1, 2, 3].map(() => ({ name: clip(sentence(lang, 1), SITE_LIMITS.text) })),
  }))
  return {
    ...base,
    site: { ...base.site, languages: [...langs] },
    creatives,
    settings,
    menus,
    media,
    renditions,
  }
}
