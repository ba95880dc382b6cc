import { z } from 'zod'

/**
 * Building blocks for every form and request body. Error messages are message keys from
 * `i18n/messages.ts`; the API and the screens localise them the same way.
 */
export const requiredText = (max = 50) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' })

export const email = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .pipe(z.email({ error: 'validation.email' }))

export const url = z
  .string({ error: 'validation.required' })
  .trim()
  .max(256, { error: 'validation.tooLong' })
  .pipe(z.url({ protocol: /^https?$/, error: 'validation.url' }))

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/
const RGB = /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/
const HSL =
  /^hsla?\(\s*\d{1,3}(?:deg)?\s*,\s*\d{1,3}%\s*,\s*\d{1,3}%\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/

export const color = z
  .string({ error: 'validation.required' })
  .refine((value) => HEX.test(value) || RGB.test(value) || HSL.test(value), { error: 'validation.color' })
