/**
 * Contrast of creator colours (WCAG 2 relative luminance). The editor warns beside its colour
 * pickers when a text colour is hard to read on its background and offers the fix; the visitor
 * pages paint exactly the colours the creator chose (docs/decisions/0022-visitor-site.md "The creator's
 * colours as chosen"). No zod, no React: the console and the site build both use it.
 */

export type Rgb = readonly [number, number, number]

/** WCAG AA for normal text: 4.5:1. */
export const AA_NORMAL_TEXT = 4.5

const BLACK = '#000000'
const WHITE = '#FFFFFF'

const hsl = (h: number, s: number, l: number): Rgb => {
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return [f(0), f(8), f(4)]
}

/** The RGB of an opaque CSS colour (hex, rgb(), hsl()); undefined for anything translucent or unknown. */
export const parseColor = (value: string): Rgb | undefined => {
  const v = value.trim().toLowerCase()
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v)?.[1]
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb
  }
  const fn = /^(rgb|hsl)a?\(([^)]*)\)$/.exec(v)
  if (!fn) return undefined
  const parts = fn[2]!.split(/[\s,/]+/).filter(Boolean)
  if (parts.length === 4 && Number.parseFloat(parts[3]!) < (parts[3]!.endsWith('%') ? 100 : 1))
    return undefined
  const n = parts.map((p) => Number.parseFloat(p))
  if (n.length < 3 || n.some((x) => !Number.isFinite(x))) return undefined
  if (fn[1] === 'rgb')
    return n.slice(0, 3).map((x, i) => Math.round(parts[i]!.endsWith('%') ? x * 2.55 : x)) as unknown as Rgb
  return hsl(n[0]!, n[1]! / 100, n[2]! / 100)
}

const channel = (c: number) => {
  const s = c / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

/** WCAG contrast ratio of two colours (1–21). */
export const contrastRatio = (a: Rgb, b: Rgb): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** Black or white, whichever contrasts more with `background` (at least 4.58:1 on any opaque colour). */
export const readableOn = (background: Rgb): typeof BLACK | typeof WHITE =>
  contrastRatio([0, 0, 0], background) >= contrastRatio([255, 255, 255], background) ? BLACK : WHITE

/**
 * How legible `text` is on `background`: the ratio (two decimals, rounded down so 4.499 never
 * reads as 4.5), whether it meets AA for normal text, and the colour that fixes it. Undefined when
 * either colour is unset, unknown or translucent (what shows through cannot be known here).
 */
export const textContrast = (
  text: string | null | undefined,
  background: string | null | undefined,
): { ratio: number; legible: boolean; fix: string } | undefined => {
  const fg = text ? parseColor(text) : undefined
  const bg = background ? parseColor(background) : undefined
  if (!fg || !bg) return undefined
  const ratio = contrastRatio(fg, bg)
  return { ratio: Math.floor(ratio * 100) / 100, legible: ratio >= AA_NORMAL_TEXT, fix: readableOn(bg) }
}
