import { contextHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { awsMail } from '#platform/aws/mail'
import * as changePassword from './changePassword.ts'
import * as completeNewPassword from './completeNewPassword.ts'
import * as forgotPassword from './forgotPassword.ts'
import * as login from './login.ts'
import * as logout from './logout.ts'
import * as refreshToken from './refreshToken.ts'
import * as resetPassword from './resetPassword.ts'
import * as userInfo from './userInfo.ts'
import * as verifyToken from './verifyToken.ts'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ mail: awsMail })

export const handler = contextHandler('auth', {
  login,
  completeNewPassword,
  refreshToken,
  userInfo,
  forgotPassword,
  verifyToken,
  resetPassword,
  changePassword,
  logout,
})
