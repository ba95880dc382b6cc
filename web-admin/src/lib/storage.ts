/**
 * Local-storage keys the console and the API client share (SPEC §7). The end-user and preview
 * tokens are written by the public site; the admin client only reads and drops them.
 */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userInfo: 'userInfo',
  endUserToken: 'endUserToken',
  previewToken: 'previewToken',
  lang: 'lang',
} as const

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

/** Storage can throw (private mode, disabled cookies); the console then behaves as signed out. */
export const readStorage = (key: StorageKey): string | null => {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export const writeStorage = (key: StorageKey, value: string | null): void => {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // Nothing to do: the value simply does not survive a reload.
  }
}
