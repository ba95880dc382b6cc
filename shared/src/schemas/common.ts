import * as z from 'zod'
import { isColor } from '../colors.ts'
import { lazySchema } from '../lazy-schema.ts'

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

export const email = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .pipe(z.email({ error: 'validation.email' })),
)

export const url = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .max(256, { error: 'validation.tooLong' })
    .pipe(z.url({ protocol: /^https?$/, error: 'validation.url' })),
)

export const color = /* @__PURE__ */ lazySchema(() =>
  z.string({ error: 'validation.required' }).refine(isColor, { error: 'validation.color' }),
)
