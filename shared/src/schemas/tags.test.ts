import { describe, expect, it } from 'vitest'
import { bodyTagsSchema, headTagsSchema } from './site.ts'
import { BODY_TAG_RULES, HEAD_TAG_RULES, tagProblem } from './tags.ts'

const head = (markup: string) => tagProblem(markup, HEAD_TAG_RULES)
/** The refused part as the message shows it: its first 40 characters. */
const shown = (part: string) => (part.length > 40 ? `${part.slice(0, 40)}…` : part)

describe('head tags allowlist', () => {
  it.each([
    '',
    '<meta name="robots" content="index,follow">',
    '<meta property="og:title" content="春のセール" />',
    '<!-- Google tag (gtag.js) -->\n<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"></script>',
    '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>',
    '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Noto+Sans+JP&display=swap">',
    '<script defer data-domain="example.jp" src="https://plausible.io/js/script.js"></script>',
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"商品"}</script>',
    '<noscript><img height="1" width="1" style="display:none" src="https://www.facebook.com/tr?id=1&ev=PageView&noscript=1"/></noscript>',
    '<SCRIPT SRC=https://cdn.example.com/a.js ASYNC></SCRIPT>',
  ])('allows %j', (markup) => {
    expect(head(markup)).toBeUndefined()
    expect(headTagsSchema.safeParse(markup).success).toBe(true)
  })

  it.each([
    ['<script>alert(1)</script>', '<script>alert(1)</script>'],
    [
      '<script src="https://x.example/a.js" onload="alert(1)"></script>',
      '<script src="https://x.example/a.js" onload="alert(1)"></script>',
    ],
    ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    [
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    ],
    [
      '<link rel="stylesheet" href="javascript:alert(1)">',
      '<link rel="stylesheet" href="javascript:alert(1)">',
    ],
    [
      '<link rel="stylesheet" href=" jav&#x09;ascript:alert(1)">',
      '<link rel="stylesheet" href=" jav&#x09;ascript:alert(1)">',
    ],
    [
      '<script src="http://insecure.example/a.js"></script>',
      '<script src="http://insecure.example/a.js"></script>',
    ],
    ['<script src="//cdn.example/a.js"></script>', '<script src="//cdn.example/a.js"></script>'],
    [
      '<script type="text/html" src="https://x.example/a"></script>',
      '<script type="text/html" src="https://x.example/a"></script>',
    ],
    [
      '<script type="application/ld+json">not json</script>',
      '<script type="application/ld+json">not json</script>',
    ],
    ['<iframe src="https://x.example"></iframe>', '<iframe src="https://x.example"></iframe>'],
    ['<style>body{}</style>', '<style>body{}</style>'],
    ['<base href="https://evil.example/">', '<base href="https://evil.example/">'],
    [
      '<link rel="import" href="https://x.example/a.html">',
      '<link rel="import" href="https://x.example/a.html">',
    ],
    [
      '<noscript><iframe src="https://x.example"></iframe></noscript>',
      '<iframe src="https://x.example"></iframe></noscript>',
    ],
    [
      '<noscript><img src="https://x.example/p" style="position:fixed;inset:0"></noscript>',
      '<img src="https://x.example/p" style="position:fixed;inset:0">',
    ],
    ['<meta name="a" content="b"> stray text', 'stray text'],
    ['<meta name="a" name="b">', '<meta name="a" name="b">'],
    ['<meta name="a"', '<meta name="a"'],
    ['<script src="https://x.example/a.js">', '<script src="https://x.example/a.js">'],
    ['<!-- never closed', '<!-- never closed'],
    ['<svg onload=alert(1)>', '<svg onload=alert(1)>'],
  ])('refuses %j, naming the part', (markup, part) => {
    expect(head(markup)).toBe(shown(part))
    const result = headTagsSchema.safeParse(markup)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({
      message: 'validation.headTags',
      params: { tag: shown(part) },
    })
  })
})

describe('body tags allowlist', () => {
  const SCRIPT = '<script src="https://cdn.example.com/tag.js" defer></script>'
  it('allows deferred https scripts and comments only', () => {
    expect(tagProblem(`<!-- tag -->\n${SCRIPT}\n${SCRIPT}`, BODY_TAG_RULES)).toBeUndefined()
    expect(tagProblem('<script src="https://cdn.example.com/tag.js"></script>', BODY_TAG_RULES)).toBeDefined()
    expect(tagProblem('<meta name="a" content="b">', BODY_TAG_RULES)).toBeDefined()
  })

  it('refuses an event handler that the old pattern let through', () => {
    const markup = '<script src="https://cdn.example.com/tag.js" defer onload="alert(1)"></script>'
    const result = bodyTagsSchema.safeParse(markup)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.scriptFormat'])
  })
})
