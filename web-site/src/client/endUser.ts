/**
 * The end-user (member) token of a site, kept in local storage under `swipe.endUser.<siteId>` as
 * `{ token, email, expiresAt }` (epoch ms; docs/decisions.md "Visitor form pages"). The sign-in
 * page stores it; the swipe page sends it for members-only creatives and drops it on a 401
 * (SPEC §8). Storage a browser refuses simply means "not signed in".
 */

export interface EndUserToken {
  token: string
  email: string
  expiresAt: number
}

export const tokenKey = (siteId: string) => `swipe.endUser.${siteId}`

export const dropToken = (siteId: string) => {
  try {
    localStorage.removeItem(tokenKey(siteId))
  } catch {
    // Nothing stored, nothing to drop.
  }
}

export const storeToken = (siteId: string, token: EndUserToken) => {
  try {
    localStorage.setItem(tokenKey(siteId), JSON.stringify(token))
  } catch {
    // Private mode or storage disabled: the visitor stays signed out.
  }
}

/** The site's stored token while it is valid; an expired or unreadable one is dropped. */
export const readToken = (siteId: string, now = Date.now()): EndUserToken | undefined => {
  let raw: string | null
  try {
    raw = localStorage.getItem(tokenKey(siteId))
  } catch {
    return undefined
  }
  if (raw === null) return undefined
  try {
    const value = JSON.parse(raw) as Partial<EndUserToken> | null
    if (typeof value?.token === 'string' && typeof value.expiresAt === 'number' && value.expiresAt > now)
      return value as EndUserToken
  } catch {
    // Unreadable: dropped below.
  }
  dropToken(siteId)
  return undefined
}
