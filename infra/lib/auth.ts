import { Duration } from 'aws-cdk-lib'
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  type PasswordPolicy,
  UserPool,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito'
import { Construct } from 'constructs'
import type { StageConfig } from './config.ts'
import { acknowledge } from './nag.ts'

export interface AuthProps {
  config: StageConfig
}

const passwordPolicy: PasswordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
  tempPasswordValidity: Duration.days(7),
}

/**
 * The two user pools of ARCHITECTURE decision 6. Cognito only authenticates: account type,
 * tenant and roles live in the table, read through the tenant-scoped accessors, so the pools
 * carry no custom attributes (Cognito can never remove one once created).
 */
export class Auth extends Construct {
  /** Creators, OEM and platform staff. Accounts are created by the API, never by sign-up. */
  readonly adminPool: UserPool
  readonly adminClient: UserPoolClient
  /** Site members. Usernames are `<siteId>#<email>`, so one email can join two sites. */
  readonly membersPool: UserPool
  readonly membersClient: UserPoolClient

  constructor(scope: Construct, id: string, { config }: AuthProps) {
    super(scope, id)
    const common = {
      passwordPolicy,
      signInCaseSensitive: false,
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: !config.isDev,
      removalPolicy: config.removalPolicy,
    }

    this.adminPool = new UserPool(this, 'AdminPool', {
      ...common,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Essentials allows access-token customisation, should tenancy ever move into the token.
      featurePlan: FeaturePlan.ESSENTIALS,
    })
    acknowledge(
      this.adminPool,
      'COG2',
      'MFA (TOTP) is optional for creators: requiring it for every OEM and end-customer account is a product decision not taken yet.',
    )
    acknowledge(
      this.adminPool,
      'COG8',
      'The Plus plan (threat protection) is priced per MAU; lockout after failed sign-ins is Cognito default behaviour. Revisit with real traffic.',
    )

    this.membersPool = new UserPool(this, 'MembersPool', {
      ...common,
      // Members sign up through the API (POST /end-user/site/{siteId}/register), which creates the
      // per-site username `<siteId>#<email>` with AdminCreateUser; self sign-up stays off, so nobody
      // can make a user of a site's namespace directly with the public app client. There is
      // deliberately no email alias because emails repeat across sites.
      selfSignUpEnabled: false,
      signInAliases: { username: true },
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      mfa: Mfa.OFF,
      // Visitors can be many: Lite is the cheapest per MAU and has everything this pool uses.
      featurePlan: FeaturePlan.LITE,
    })
    acknowledge(
      this.membersPool,
      'COG2',
      'Site members are landing-page visitors who join to read members-only pages; MFA would stop most of them at the door.',
    )
    acknowledge(
      this.membersPool,
      'COG8',
      'Visitors are billed per MAU; the Plus plan costs several times Lite for a pool that only guards members-only page content.',
    )

    // Public clients (no secret): the API calls InitiateAuth with USER_PASSWORD_AUTH and refreshes
    // with REFRESH_TOKEN_AUTH (always allowed). No hosted UI, so OAuth is off.
    const clientOptions = {
      authFlows: { userPassword: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    }
    this.adminClient = this.adminPool.addClient('AdminClient', clientOptions)
    this.membersClient = this.membersPool.addClient('MembersClient', clientOptions)
  }
}
