import type { en } from './messages.en.ts'

/** A shared message key (validation.*, error.*, …); the API returns it as `code`. */
export type MessageKey = keyof typeof en
/** One language's texts for every key. */
export type Catalog = Record<MessageKey, string>

/** Fills `{name}` placeholders; a placeholder without a value stays as written. */
export const fillPlaceholders = (template: string, params: Record<string, string | number> = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))

/**
 * Localises a key with one language's catalogue (what a screen that loaded only its language uses);
 * unknown keys come back unchanged.
 */
export const translateWith = (
  catalog: Catalog,
  key: string,
  params: Record<string, string | number> = {},
): string => fillPlaceholders(Object.hasOwn(catalog, key) ? catalog[key as MessageKey] : key, params)
