import { describe, expect, it } from 'vitest'
import { thrown } from '../../../../test/support/thrown.ts'
import { AppError } from '../../edge/errors.ts'
import { type Answer, answerOf, settle } from './invoke.ts'

describe('answerOf and settle', () => {
  it('carry a refusal across the invoke as its fields and raise the same AppError', async () => {
    const refusal = new AppError(
      429,
      'error.tooManyRequestsMinutes',
      { minutes: 1 },
      [{ path: 'body.month', code: 'validation.invalid' }],
      { 'Retry-After': '60' },
    )
    const answer = answerOf(refusal)
    expect(answer).toEqual({
      ok: false,
      error: {
        status: 429,
        code: 'error.tooManyRequestsMinutes',
        params: { minutes: 1 },
        details: [{ path: 'body.month', code: 'validation.invalid' }],
        headers: { 'Retry-After': '60' },
      },
    })
    const raised = await thrown(() => settle(JSON.parse(JSON.stringify(answer)) as Answer))
    expect(raised).toBeInstanceOf(AppError)
    expect(raised).toMatchObject({
      status: 429,
      code: 'error.tooManyRequestsMinutes',
      params: { minutes: 1 },
      details: [{ path: 'body.month', code: 'validation.invalid' }],
      headers: { 'Retry-After': '60' },
    })
  })

  it('leave out details a refusal does not have', () => {
    expect(answerOf(new AppError(404, 'error.notFound'))).toEqual({
      ok: false,
      error: { status: 404, code: 'error.notFound', params: {}, headers: {} },
    })
  })

  it('let anything but a refusal fail the invoked function', () => {
    const failure = new Error('pdfkit broke')
    expect(() => answerOf(failure)).toThrow(failure)
  })

  it('give a done answer back whole', () => {
    expect(settle({ ok: true, base64: 'JVBERi0=' })).toEqual({ ok: true, base64: 'JVBERi0=' })
  })
})
