import { isWellFormedKey } from './site-api-keys.ts'

/** A parsed site API credential: a key (Bearer), basic credentials, or none (IP restriction). */
export type SiteApiCredential =
  | { kind: 'key'; key: string }
  | { kind: 'basic'; id: string; password: string }
  | { kind: 'none' }
  | { kind: 'malformed' }

/** The `Authorization` header of a site API request, read (no lookup). */
export const parseSiteApiCredential = (header: string | undefined): SiteApiCredential => {
  const value = header?.trim()
  if (!value) return { kind: 'none' }
  const bearer = /^Bearer\s+(\S+)$/i.exec(value)?.[1]
  if (bearer) return isWellFormedKey(bearer) ? { kind: 'key', key: bearer } : { kind: 'malformed' }
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(value)?.[1]
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon > 0) return { kind: 'basic', id: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
  }
  return { kind: 'malformed' }
}

/**
 * The site API's gate (issue 21): what the AWS Lambda authorizer runs, and the handler first.
 * It turns away a credential that can never pass — a key with a wrong checksum (a typo, a
 * look-alike) or an unreadable header — without reading anything.
 */
export const siteApiGate = (header: string | undefined): boolean =>
  parseSiteApiCredential(header).kind !== 'malformed'
