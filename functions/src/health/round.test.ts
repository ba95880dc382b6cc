import { describe, expect, it } from 'vitest'
import { sharedRound } from './round.ts'

describe('sharedRound (readiness: one dependency round per 10 s at most)', () => {
  const setup = () => {
    let time = 1_000_000
    let rounds = 0
    const release: Array<() => void> = []
    const round = () =>
      new Promise<{ checkedAt: number; round: number }>((resolve) => {
        const answer = { checkedAt: time, round: ++rounds }
        release.push(() => resolve(answer))
      })
    const read = sharedRound(round, { ttlMs: 10_000, now: () => time })
    return {
      read,
      advance: (ms: number) => {
        time += ms
      },
      finish: () => {
        for (const done of release.splice(0)) done()
      },
      rounds: () => rounds,
    }
  }

  it('shares one running round between concurrent callers', async () => {
    const s = setup()
    const answers = Promise.all([s.read(), s.read(), s.read()])
    s.finish()
    expect((await answers).map((a) => a.round)).toEqual([1, 1, 1])
    expect(s.rounds()).toBe(1)
  })

  it('answers from the last round until 10 s after it started, then runs a new one', async () => {
    const s = setup()
    const first = s.read()
    s.finish()
    expect((await first).round).toBe(1)
    s.advance(9_999)
    expect((await s.read()).round).toBe(1)
    s.advance(1)
    const next = s.read()
    s.finish()
    expect((await next).round).toBe(2)
    expect(s.rounds()).toBe(2)
  })

  it('runs a new round after a failed one', async () => {
    let calls = 0
    const read = sharedRound(
      async () => {
        calls++
        if (calls === 1) throw new Error('down')
        return { checkedAt: 0 }
      },
      { now: () => 0 },
    )
    await expect(read()).rejects.toThrow('down')
    await expect(read()).resolves.toEqual({ checkedAt: 0 })
    expect(calls).toBe(2)
  })
})
