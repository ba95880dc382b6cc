/** Cookies and local storage, each failing quietly where the browser refuses them. */

/** SPEC §9: the language cookie lasts 30 days. */
export const LANG_MAX_AGE = 2_592_000

export const readCookie = (name: string): string | undefined => {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
}

/** Sets a cookie for the site's path; a session cookie unless `maxAge` (seconds) is given. */
export const writeCookie = (name: string, value: string, path: string, maxAge?: number) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${name}=${encodeURIComponent(value)}; path=${path}${maxAge ? `; max-age=${maxAge}` : ''}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`
}

export const readStored = (key: string): string | undefined => {
  try {
    return localStorage.getItem(key) ?? undefined
  } catch {
    return undefined
  }
}

export const store = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value)
  } catch {
    // Private mode or storage disabled: the cookie still holds it.
  }
}
