import Stripe from 'stripe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parsePlatformEnv } from '../env.ts'
import type { Secrets } from '../secrets.ts'
import { awsPayments, parseStripeSecret, stripeSecretKeys } from './payments.ts'

describe('the Stripe secret’s value', () => {
  it('takes the two keys from the JSON the operator stores', () => {
    expect(parseStripeSecret('{"secretKey":"sk_live_abc","webhookSecret":"whsec_def","filler":"x"}')).toEqual(
      {
        secretKey: 'sk_live_abc',
        webhookSecret: 'whsec_def',
      },
    )
    expect(parseStripeSecret('{"secretKey":"rk_test_abc","webhookSecret":"whsec_def"}').secretKey).toBe(
      'rk_test_abc',
    )
  })

  it('counts an unset, placeholder or malformed value as not configured', () => {
    const none = { secretKey: undefined, webhookSecret: undefined }
    expect(parseStripeSecret(undefined)).toEqual(none)
    expect(parseStripeSecret('')).toEqual(none)
    // As CloudFormation creates it: empty keys and a generated filler.
    expect(parseStripeSecret('{"secretKey":"","webhookSecret":"","filler":"Zx81"}')).toEqual(none)
    expect(parseStripeSecret('a random password')).toEqual(none)
    expect(parseStripeSecret('["sk_live_abc"]')).toEqual(none)
    // One key set, the other a mistake (a publishable key is not a secret key).
    expect(parseStripeSecret('{"secretKey":"pk_live_abc","webhookSecret":"whsec_def"}')).toEqual({
      secretKey: undefined,
      webhookSecret: 'whsec_def',
    })
  })
})

/** A webhook body and its `Stripe-Signature` made with `secret`, as Stripe sends them. */
const signedWith = (secret: string): [string, string] => {
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'setup_intent.succeeded' })
  return [payload, Stripe.webhooks.generateTestHeaderString({ payload, secret })]
}

const ARN = 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:Stripe-AbCdEf'
const secretsOf = (value: () => Promise<string | undefined>) => {
  const get = vi.fn(value)
  return { secrets: { get } satisfies Secrets, get }
}

describe('reading the keys on AWS (STRIPE_SECRET_ARN)', () => {
  it('reads the secret once per container, from the platform’s start, and ignores keys in the environment', async () => {
    const { secrets, get } = secretsOf(async () => '{"secretKey":"sk_live_abc","webhookSecret":"whsec_def"}')
    const payments = awsPayments(
      parsePlatformEnv({ STRIPE_SECRET_ARN: ARN, STRIPE_SECRET_KEY: 'sk_test_from_env_is_ignored' }),
      secrets,
    )
    // Read as the platform is built (cold start), before any request asks.
    expect(get).toHaveBeenCalledWith(ARN)
    expect((await payments.verifiedEvent(...signedWith('whsec_def')))?.id).toBe('evt_1')
    expect(await payments.configured()).toBe(true)
    await payments.verifiedEvent(...signedWith('whsec_def'))
    expect(get).toHaveBeenCalledTimes(1)
  })

  it('leaves card payments unavailable while the secret holds no key, and tries again after a failed read', async () => {
    let calls = 0
    const { secrets } = secretsOf(async () => {
      calls++
      if (calls === 1) throw new Error('throttled')
      return '{"secretKey":"","webhookSecret":"","filler":"x"}'
    })
    const keys = stripeSecretKeys(secrets, ARN)
    await expect(keys()).rejects.toThrow('throttled')
    expect(await keys()).toEqual({ secretKey: undefined, webhookSecret: undefined, apiUrl: undefined })
    const payments = awsPayments(parsePlatformEnv({ STRIPE_SECRET_ARN: ARN }), secrets)
    expect(await payments.configured()).toBe(false)
    expect(await payments.verifiedEvent(...signedWith(''))).toBeUndefined()
  })

  it('has no card payments on a function without the secret', async () => {
    const { secrets, get } = secretsOf(async () => '{"secretKey":"sk_live_abc"}')
    const payments = awsPayments(parsePlatformEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' }), secrets)
    expect(await payments.configured()).toBe(false)
    expect(get).not.toHaveBeenCalled()
  })
})

describe('a secret set after deploy', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is read again 5 minutes after it was found without a key, and then kept', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T00:00:00Z'), toFake: ['Date'] })
    let value = '{"secretKey":"","webhookSecret":"","filler":"x"}'
    const { secrets, get } = secretsOf(async () => value)
    const keys = stripeSecretKeys(secrets, ARN)
    expect((await keys()).secretKey).toBeUndefined()
    value = '{"secretKey":"sk_live_abc","webhookSecret":"whsec_def"}'
    vi.setSystemTime(new Date('2026-11-24T00:04:59Z'))
    expect((await keys()).secretKey).toBeUndefined()
    vi.setSystemTime(new Date('2026-11-24T00:05:01Z'))
    expect((await keys()).secretKey).toBe('sk_live_abc')
    vi.setSystemTime(new Date('2026-11-25T00:00:00Z'))
    expect((await keys()).secretKey).toBe('sk_live_abc')
    expect(get).toHaveBeenCalledTimes(2)
  })
})
