import { useRef } from 'react'

let next = 0
const newKey = () => `item-${++next}`

/**
 * Stable React keys for a list whose items have no id yet (menu items, popup CTAs), so moving or
 * removing an item keeps each row's focus and state with it. A list replaced from outside (a
 * reload) gets fresh keys.
 */
export const useListKeys = (length: number) => {
  const keys = useRef<string[]>([])
  if (keys.current.length !== length) keys.current = Array.from({ length }, newKey)
  return {
    keys: keys.current,
    /** An item was appended; returns its key. */
    added: (): string => {
      const key = newKey()
      keys.current = [...keys.current, key]
      return key
    },
    removed: (index: number) => {
      keys.current = keys.current.filter((_, i) => i !== index)
    },
    moved: (from: number, to: number) => {
      const list = [...keys.current]
      const [key] = list.splice(from, 1)
      if (key !== undefined) list.splice(to, 0, key)
      keys.current = list
    },
  }
}
