import { describe, expect, it, vi } from 'vitest'
import { retryOnConflict, TRANSACTION_ATTEMPTS, type TransactionOutcome } from './transactions.ts'

const committed: TransactionOutcome = { canceled: false, data: [] }
const conflict: TransactionOutcome = {
  canceled: true,
  data: [{ code: 'TransactionConflict' }, { code: 'None' }],
}
const refused: TransactionOutcome = {
  canceled: true,
  data: [{ code: 'ConditionalCheckFailed' }, { code: 'None' }],
}

const sequence = (...outcomes: TransactionOutcome[]) => {
  const attempt = vi.fn(async () => outcomes.shift() ?? committed)
  return attempt
}

describe('retryOnConflict', () => {
  it('runs a transaction again while it loses to a concurrent one, with growing pauses', async () => {
    const attempt = sequence(conflict, conflict, committed)
    const sleep = vi.fn(async () => {})
    await expect(retryOnConflict(attempt, { sleep, random: () => 1 })).resolves.toBe(committed)
    expect(attempt).toHaveBeenCalledTimes(3)
    expect(sleep.mock.calls).toEqual([[40], [80]])
  })

  it('hands a failed condition back at once', async () => {
    const attempt = sequence(conflict, refused)
    const sleep = vi.fn(async () => {})
    await expect(retryOnConflict(attempt, { sleep })).resolves.toBe(refused)
    expect(attempt).toHaveBeenCalledTimes(2)
  })

  it('gives up after the last attempt with the conflict', async () => {
    const attempt = vi.fn(async () => conflict)
    const sleep = vi.fn(async () => {})
    await expect(retryOnConflict(attempt, { sleep, random: () => 0 })).resolves.toBe(conflict)
    expect(attempt).toHaveBeenCalledTimes(TRANSACTION_ATTEMPTS)
    expect(sleep).toHaveBeenCalledTimes(TRANSACTION_ATTEMPTS - 1)
  })
})
