/** `closeAccount` → `CloseAccount`: construct ids and resource names from the tables' camelCase keys. */
export const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)
