import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { email } from './common.ts'

/** SPEC §5: the symbols a password may (and must, at least one) contain. */
export const PASSWORD_SYMBOLS = '@#$%^&*()_+|{}<>:;[]-=,.?'
const SYMBOL_CLASS = PASSWORD_SYMBOLS.replace(/[\]\\^-]/g, '\\$&')

/** 8 to 20 characters; a lowercase, an uppercase, a digit and a symbol; no spaces; nothing else. */
export const passwordSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .min(8, { error: 'validation.passwordLength' })
    .max(20, { error: 'validation.passwordLength' })
    .refine((v) => !/\s/.test(v), { error: 'validation.passwordRule' })
    .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), { error: 'validation.passwordRule' })
    .refine((v) => new RegExp(`[${SYMBOL_CLASS}]`).test(v), { error: 'validation.passwordRule' })
    .refine((v) => new RegExp(`^[A-Za-z0-9${SYMBOL_CLASS}]+$`).test(v), { error: 'validation.passwordRule' }),
)

/** A new password with its confirmation (screens); the API takes only `newPassword`. */
export const newPasswordWithConfirmation = /* @__PURE__ */ lazySchema(() =>
  z
    .object({ newPassword: passwordSchema, confirmPassword: z.string({ error: 'validation.required' }) })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      error: 'validation.passwordMismatch',
    }),
)

export const LoginBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    loginId: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(256),
    password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(256),
  }),
)

export const CompleteNewPasswordBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    loginId: z.string().trim().min(1, { error: 'validation.required' }).max(256),
    session: z.string().min(1, { error: 'validation.required' }).max(4096),
    newPassword: passwordSchema,
  }),
)

export const RefreshTokenBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    refreshToken: z
      .string({ error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(8192),
  }),
)

export const ForgotPasswordBody = /* @__PURE__ */ lazySchema(() => z.object({ email }))

export const VerifyTokenBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(512),
  }),
)

export const ResetPasswordBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(512),
    newPassword: passwordSchema,
  }),
)

export const ChangePasswordBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    oldPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(256),
    newPassword: passwordSchema,
  }),
)

export const LogoutBody = /* @__PURE__ */ lazySchema(() =>
  z.object({ refreshToken: z.string().min(1).max(8192).optional() }),
)
