/** The auth context's routes with their schemas (heads in ./routes.ts). */
import * as z from 'zod'
import {
  ACCOUNT_TYPES,
  ADMIN_ROLES,
  AUTHORITIES,
  CONTRACT_STATUSES,
  MENU_AREAS,
  type UserTypeSegment,
} from '../accounts.ts'
import { ACTIONS } from '../authz.ts'
import { lazySchema } from '../lazy-schema.ts'
import {
  ChangePasswordBody,
  CompleteNewPasswordBody,
  ForgotPasswordBody,
  LoginBody,
  LogoutBody,
  RefreshTokenBody,
  ResetPasswordBody,
  VerifyTokenBody,
} from '../schemas/auth.ts'
import { ServerMessage } from './common.ts'
import { defineContext } from './define.ts'

const SEGMENTS = ['master', 'masteruser', 'admin', 'adminuser'] as const satisfies readonly UserTypeSegment[]

/** The signed-in account as the console needs it (functions/src/auth/session.ts `userInfoOf`). */
export const UserInfo = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    accountType: z.enum(ACCOUNT_TYPES),
    /** The type a sub-admin acts for; null for other accounts. */
    parentType: z.enum(ACCOUNT_TYPES).exclude(['SUB_ADMIN']).nullable(),
    /** The prefix of the console's routes: master, masteruser, admin or adminuser. */
    userTypeSegment: z.enum(SEGMENTS),
    companyName: z.string().nullable(),
    contactName: z.string().nullable(),
    authority: z.enum(AUTHORITIES),
    /** A sub-admin's role in its parent's admin settings; null for other accounts. */
    adminRole: z.enum(ADMIN_ROLES).nullable(),
    contractStatus: z.enum(CONTRACT_STATUSES),
    /** A short-lived signed URL of the profile picture; null without one. */
    logoUrl: z.url().nullable(),
    mainColor: z.string().nullable(),
    textColor: z.string().nullable(),
    menuAreas: z.array(z.enum(MENU_AREAS)),
    /** The policy actions this account may take at all; the console disables the rest. */
    allowedActions: z.array(z.enum(ACTIONS)),
  }),
)

/** A finished sign-in: Cognito's tokens and the account. */
export const SignInSuccess = /* @__PURE__ */ lazySchema(() =>
  z.object({
    accessToken: z.string(),
    refreshToken: z.string(),
    /** Seconds the access token lives. */
    expiresIn: z.number().int().positive(),
    userInfo: UserInfo,
  }),
)

/** A temporary password must be replaced (POST /auth/complete-new-password) before sign-in completes. */
export const NewPasswordChallenge = /* @__PURE__ */ lazySchema(() =>
  z.object({
    challenge: z.literal('NEW_PASSWORD_REQUIRED'),
    /** Cognito's challenge session, sent back with the new password. */
    session: z.string(),
    loginId: z.string(),
  }),
)

export const authRoutes = defineContext('auth')({
  'auth.login': () => ({
    summary: 'Login ID + password -> tokens and user info, or the NEW_PASSWORD_REQUIRED challenge.',
    body: LoginBody,
    response: z.union([SignInSuccess, NewPasswordChallenge]),
  }),
  'auth.completeNewPassword': () => ({
    summary: 'First sign-in with a temporary password: set the new password, get tokens.',
    body: CompleteNewPasswordBody,
    response: SignInSuccess,
  }),
  'auth.refreshToken': () => ({
    summary: 'Refresh token -> new access token (refused once revoked or when the account is not active).',
    body: RefreshTokenBody,
    response: z.object({ accessToken: z.string(), expiresIn: z.number().int().positive() }),
  }),
  'auth.userInfo': () => ({
    summary: 'The signed-in account: type, segment, menu areas, branding.',
    response: UserInfo,
  }),
  'auth.forgotPassword': () => ({
    summary: 'Mails a reset link when the account exists; answers the same either way.',
    body: ForgotPasswordBody,
    response: ServerMessage,
  }),
  'auth.verifyToken': () => ({
    summary: 'Checks a reset link before the new-password form is shown.',
    body: VerifyTokenBody,
    /** An invalid or expired link is a 400 (`auth.resetTokenInvalid`), so `valid` is always true. */
    response: z.object({ valid: z.literal(true), email: z.string() }),
  }),
  'auth.resetPassword': () => ({
    summary: 'Reset link token + new password.',
    body: ResetPasswordBody,
    response: ServerMessage,
  }),
  'auth.changePassword': () => ({
    summary: 'Current + new password of the signed-in account.',
    body: ChangePasswordBody,
    response: ServerMessage,
  }),
  'auth.logout': () => ({
    summary: 'Revokes the refresh token.',
    body: LogoutBody,
    status: 204,
    responseType: 'empty',
  }),
})
