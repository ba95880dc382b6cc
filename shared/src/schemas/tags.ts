/**
 * The creator's head and body tags (SPEC §5 SEO/tags) are the only raw markup a published page
 * carries. They are read here as a short list of allowed elements with allowed attributes — an
 * allowlist, not a blocklist — so that an inline event handler, a `javascript:` URL, a redirecting
 * meta refresh or an element outside the list is refused in the editor and by the API alike,
 * before the page's Content-Security-Policy would have to stop it
 * (docs/decisions/0046-security-hardening-at-the-edges.md).
 */

/** What a rule set allows for one element. */
interface ElementRule {
  /** Attribute names allowed (lower case); `data-*` when `dataAttributes`. */
  attributes: readonly string[]
  dataAttributes?: boolean
  /** A void element (`<meta>`, `<link>`, `<img>`): no content, no closing tag. */
  void?: boolean
  /** For elements with content: the rules of what may be inside (none: text checked by `text`). */
  children?: Readonly<Record<string, ElementRule>>
  /** Checks the element as a whole; answers false to refuse it. */
  check?: (attrs: ReadonlyMap<string, string | true>, text: string) => boolean
}

const URL_ATTRIBUTES = new Set(['src', 'href'])

const LINK_RELS = new Set([
  'stylesheet',
  'preconnect',
  'dns-prefetch',
  'preload',
  'modulepreload',
  'prefetch',
  'icon',
  'shortcut',
  'apple-touch-icon',
  'canonical',
  'alternate',
  'author',
  'license',
  'me',
])

const SCRIPT_TYPES = new Set(['text/javascript', 'application/javascript', 'module', 'application/ld+json'])

const isJson = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

const scriptRule = (body: boolean): ElementRule => ({
  attributes: [
    'src',
    'async',
    'defer',
    'type',
    'crossorigin',
    'integrity',
    'referrerpolicy',
    'id',
    'charset',
    'nomodule',
  ],
  dataAttributes: true,
  check: (attrs, text) => {
    const type = attrs.get('type')
    if (type !== undefined && (type === true || !SCRIPT_TYPES.has(type.toLowerCase()))) return false
    const src = attrs.get('src')
    // Body tags: exactly `<script src="https://…" defer></script>` (SPEC §5).
    if (body) return typeof src === 'string' && attrs.has('defer') && text.trim() === ''
    if (src !== undefined) return typeof src === 'string' && text.trim() === ''
    // Without a src only structured data: inline code never runs under the page's CSP.
    return typeof type === 'string' && type.toLowerCase() === 'application/ld+json' && isJson(text)
  },
})

const HIDDEN_STYLE = /^\s*(display\s*:\s*none|visibility\s*:\s*hidden)\s*;?\s*$/i

/** Head tags: meta, link, script (https src, or JSON-LD), noscript holding images, comments. */
export const HEAD_TAG_RULES: Readonly<Record<string, ElementRule>> = {
  meta: {
    attributes: ['name', 'content', 'property', 'itemprop'],
    void: true,
  },
  link: {
    attributes: [
      'rel',
      'href',
      'as',
      'type',
      'crossorigin',
      'integrity',
      'hreflang',
      'media',
      'sizes',
      'title',
      'referrerpolicy',
      'fetchpriority',
      'color',
    ],
    void: true,
    check: (attrs) => {
      const rel = attrs.get('rel')
      return (
        typeof rel === 'string' &&
        rel
          .toLowerCase()
          .split(/\s+/)
          .filter(Boolean)
          .every((r) => LINK_RELS.has(r))
      )
    },
  },
  script: scriptRule(false),
  noscript: {
    attributes: [],
    children: {
      img: {
        attributes: ['src', 'width', 'height', 'alt', 'style', 'referrerpolicy', 'loading'],
        void: true,
        check: (attrs) => {
          const style = attrs.get('style')
          return style === undefined || (typeof style === 'string' && HIDDEN_STYLE.test(style))
        },
      },
    },
  },
}

/** Body tags: `<script src="https://…" defer></script>`, one or more, and comments. */
export const BODY_TAG_RULES: Readonly<Record<string, ElementRule>> = { script: scriptRule(true) }

/** A value that would run code when used as a URL, whatever spaces or case hide it. */
const DANGEROUS_URL = /(javascript|vbscript|livescript):|data:text\/html/i

const snippet = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text)

/**
 * Reads `markup` against `rules`. Answers undefined when every part is allowed, otherwise the
 * first part that is not (shortened to 40 characters), for the message.
 */
export const tagProblem = (
  markup: string,
  rules: Readonly<Record<string, ElementRule>>,
): string | undefined => {
  let i = 0
  const n = markup.length
  const skipSpace = () => {
    while (i < n && /\s/.test(markup[i]!)) i++
  }

  /** Reads one element at `i` (which is at `<`); answers a problem or undefined. */
  const element = (allowed: Readonly<Record<string, ElementRule>>): string | undefined => {
    const start = i
    const open = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(markup.slice(i))
    if (!open) return snippet(markup.slice(start))
    const name = open[1]!.toLowerCase()
    const rule = allowed[name]
    if (!rule) return snippet(markup.slice(start))
    i += open[0].length
    const attrs = new Map<string, string | true>()
    for (;;) {
      skipSpace()
      if (i >= n) return snippet(markup.slice(start))
      if (markup.startsWith('/>', i)) {
        i += 2
        break
      }
      if (markup[i] === '>') {
        i += 1
        break
      }
      const attr = /^[^\s"'>/=<`]+/.exec(markup.slice(i))
      if (!attr) return snippet(markup.slice(start))
      const attrName = attr[0].toLowerCase()
      i += attr[0].length
      skipSpace()
      let value: string | true = true
      if (markup[i] === '=') {
        i += 1
        skipSpace()
        const quote = markup[i]
        if (quote === '"' || quote === "'") {
          const end = markup.indexOf(quote, i + 1)
          if (end < 0) return snippet(markup.slice(start))
          value = markup.slice(i + 1, end)
          i = end + 1
        } else {
          const bare = /^[^\s"'=<>`]+/.exec(markup.slice(i))
          if (!bare) return snippet(markup.slice(start))
          value = bare[0]
          i += bare[0].length
        }
      }
      const known =
        rule.attributes.includes(attrName) || (rule.dataAttributes && /^data-[a-z0-9-]+$/.test(attrName))
      if (!known || attrName.startsWith('on') || attrs.has(attrName)) return snippet(markup.slice(start))
      if (typeof value === 'string') {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside URLs.
        const compact = value.replace(/[\s\u0000-\u001f]+/g, '')
        if (DANGEROUS_URL.test(compact)) return snippet(markup.slice(start))
        if (URL_ATTRIBUTES.has(attrName) && !/^https:\/\/[^/\s]/i.test(value))
          return snippet(markup.slice(start))
      } else if (URL_ATTRIBUTES.has(attrName)) {
        return snippet(markup.slice(start))
      }
      attrs.set(attrName, value)
    }
    let text = ''
    if (!rule.void) {
      const close = new RegExp(`</${name}\\s*>`, 'i')
      if (rule.children) {
        for (;;) {
          skipSpace()
          if (i >= n) return snippet(markup.slice(start))
          const closing = close.exec(markup.slice(i))
          if (closing?.index === 0) {
            i += closing[0].length
            break
          }
          const problem = markup.startsWith('<!--', i) ? comment() : element(rule.children)
          if (problem) return problem
        }
      } else {
        const closing = close.exec(markup.slice(i))
        if (!closing) return snippet(markup.slice(start))
        text = markup.slice(i, i + closing.index)
        // Raw text must not open another element (`</script` inside is what closing found).
        i += closing.index + closing[0].length
      }
    }
    if (rule.check && !rule.check(attrs, text)) return snippet(markup.slice(start, i))
    return undefined
  }

  /** Skips one comment at `i`; a comment that never ends is a problem. */
  const comment = (): string | undefined => {
    const end = markup.indexOf('-->', i + 4)
    if (end < 0) return snippet(markup.slice(i))
    i = end + 3
    return undefined
  }

  for (;;) {
    skipSpace()
    if (i >= n) return undefined
    if (markup[i] !== '<') return snippet(markup.slice(i))
    const problem = markup.startsWith('<!--', i) ? comment() : element(rules)
    if (problem) return problem
  }
}
