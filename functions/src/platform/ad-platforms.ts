import type { ConversionPlatform } from '@swipe/shared/site/conversions-normalise'

/**
 * Where the server-side conversion APIs are (issue 32 Deliver 5): each ad platform's own fixed
 * host on AWS (./aws/ad-platforms.ts), the local stand-in (infra/local/ad-platforms) on the local
 * stack and in tests (./local/ad-platforms.ts). The sender builds every URL from these origins
 * only, so a creator's setting can name an account id but never a host.
 */
export type ConversionApi = ConversionPlatform | 'googleOAuth'

export interface AdPlatforms {
  /** The origin of an API (`https://graph.facebook.com`), without a trailing slash. */
  origin(api: ConversionApi): string
}

/** The platforms' documented hosts. */
export const AD_PLATFORM_ORIGINS: Readonly<Record<ConversionApi, string>> = {
  meta: 'https://graph.facebook.com',
  line: 'https://conversion-api.line.me',
  tiktok: 'https://business-api.tiktok.com',
  google: 'https://googleads.googleapis.com',
  googleOAuth: 'https://oauth2.googleapis.com',
}
