/**
 * Legible text on creator colours. A creator's text colour is kept when it meets WCAG's 4.5:1
 * against its background; otherwise the text becomes black or white, whichever contrasts more
 * (at least 4.58:1 on any colour). SPEC's defaults need it: white on the default link-button green is 1.8:1, white on
 * #FF0000 4.0:1. (SPEC §9's black-or-white helper splits at brightness 128, which can still fail
 * 4.5:1, so the choice here is by contrast.)
 */

type Rgb = [number, number, number]

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
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb
  }
  const fn = /^(rgb|hsl)a?\(([^)]*)\)$/.exec(v)
  if (!fn) return undefined
  const parts = fn[2]!.split(/[\s,/]+/).filter(Boolean)
  if (parts.length === 4 && Number.parseFloat(parts[3]!) < (parts[3]!.endsWith('%') ? 100 : 1))
    return undefined
  const n = parts.map((p) => Number.parseFloat(p))
  if (n.length < 3 || n.some((x) => !Number.isFinite(x))) return undefined
  if (fn[1] === 'rgb')
    return n.slice(0, 3).map((x, i) => Math.round(parts[i]!.endsWith('%') ? x * 2.55 : x)) as Rgb
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

/** The text colour to use on `background`: the creator's when legible, else black or white. */
export const legibleText = (text: string, background: string): string => {
  const bg = parseColor(background)
  const fg = parseColor(text)
  if (!bg || !fg || contrastRatio(fg, bg) >= 4.5) return text
  return contrastRatio([0, 0, 0], bg) >= contrastRatio([255, 255, 255], bg) ? '#000000' : '#FFFFFF'
}
