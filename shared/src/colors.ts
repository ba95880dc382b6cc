const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/
const RGB = /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/
const HSL =
  /^hsla?\(\s*\d{1,3}(?:deg)?\s*,\s*\d{1,3}%\s*,\s*\d{1,3}%\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/

/**
 * A colour as the forms take it: hex (#RGB or #RRGGBB), rgb(a) or hsl(a). The `color` schema
 * (schemas/common.ts) checks with it; a module without zod so a screen can check a colour without it.
 */
export const isColor = (value: string): boolean => HEX.test(value) || RGB.test(value) || HSL.test(value)
