/**
 * Whether this browser is signed in to a site as a member: a hint, never the session
 * (docs/decisions/0029-members-sessions.md). The session is an HttpOnly cookie
 * that only the site's own origin sends to its end-user API; no script can read it. The sign-in
 * page keeps its expiry (epoch ms, nothing else) under `swipe.member.<siteId>`, so the swipe page
 * knows whether asking for members-only creatives is worth it, and drops it on a 401.
 */

/** What every member-session request carries: a page of another origin cannot send it unasked. */
export const MEMBER_HEADERS = { 'x-swipe-member': '1' } as const

export const hintKey = (siteId: string) => `swipe.member.${siteId}`

/** Where earlier versions kept the token itself; removed wherever it is found. */
const OLD_PREFIX = 'swipe.endUser.'

export const dropHint = (siteId: string) => {
  try {
    localStorage.removeItem(hintKey(siteId))
  } catch {
    // Nothing stored, nothing to drop.
  }
}

export const markSignedIn = (siteId: string, expiresAt: number) => {
  try {
    localStorage.setItem(hintKey(siteId), String(expiresAt))
  } catch {
    // Storage refused: the page simply shows the locks (the session still works on reload).
  }
}

/** The site's hint while it has not expired; an expired or unreadable one is dropped. */
export const signedIn = (siteId: string, now = Date.now()): boolean => {
  let raw: string | null
  try {
    raw = localStorage.getItem(hintKey(siteId))
  } catch {
    return false
  }
  if (raw === null) return false
  if (Number(raw) > now) return true
  dropHint(siteId)
  return false
}

/** Removes every token an earlier version left in this origin's storage (all sites'). */
export const forgetOldTokens = () => {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i)
      if (key?.startsWith(OLD_PREFIX)) localStorage.removeItem(key)
    }
  } catch {
    // Storage refused: nothing was kept there either.
  }
}
