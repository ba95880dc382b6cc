/**
 * The sign-in routes' heads (SPEC §7 Auth), part of the one route table (./routes.ts), kept in a
 * module of their own: the console's sign-in screens and its API client's token refresh read
 * only these, so /login does not download the whole table (issue 14).
 */
import { route } from './route-def.ts'

export const authRouteHeads = {
  'auth.login': route({
    method: 'POST',
    path: '/auth/login',
    context: 'auth',
    action: 'login',
    auth: 'public',
  }),
  'auth.completeNewPassword': route({
    method: 'POST',
    path: '/auth/complete-new-password',
    context: 'auth',
    action: 'completeNewPassword',
    auth: 'public',
  }),
  'auth.refreshToken': route({
    method: 'POST',
    path: '/auth/refresh-token',
    context: 'auth',
    action: 'refreshToken',
    auth: 'public',
  }),
  'auth.userInfo': route({
    method: 'GET',
    path: '/auth/user-info',
    context: 'auth',
    action: 'userInfo',
    auth: 'admin',
    permission: 'self:read',
  }),
  'auth.forgotPassword': route({
    method: 'POST',
    path: '/auth/forgot-password',
    context: 'auth',
    action: 'forgotPassword',
    auth: 'public',
  }),
  'auth.verifyToken': route({
    method: 'POST',
    path: '/auth/verify-token',
    context: 'auth',
    action: 'verifyToken',
    auth: 'public',
  }),
  'auth.resetPassword': route({
    method: 'POST',
    path: '/auth/reset-password',
    context: 'auth',
    action: 'resetPassword',
    auth: 'public',
  }),
  'auth.changePassword': route({
    method: 'POST',
    path: '/auth/change-password',
    context: 'auth',
    action: 'changePassword',
    auth: 'admin',
    permission: 'self:update',
  }),
  'auth.logout': route({
    method: 'POST',
    path: '/auth/logout',
    context: 'auth',
    action: 'logout',
    auth: 'admin',
    permission: 'self:read',
  }),
}
