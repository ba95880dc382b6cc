import { describe, expect, it } from 'vitest'
import { isChunkLoadError } from './chunkError.ts'

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://app.example.com/assets/Page-1a2b.js', // Chromium
    'error loading dynamically imported module: https://app.example.com/assets/Page-1a2b.js', // Firefox
    'Importing a module script failed.', // Safari
    'Loading chunk 42 failed.', // webpack-style
    'Unable to preload CSS for /assets/Page-1a2b.css', // Vite preload helper
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true)
  })

  it('looks through a wrapping error', () => {
    const inner = new TypeError('Failed to fetch dynamically imported module: /assets/a.js')
    expect(isChunkLoadError(new Error('route failed', { cause: inner }))).toBe(true)
  })

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })
})
