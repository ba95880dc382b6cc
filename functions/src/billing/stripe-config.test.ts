import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseStripeSecret } from './stripe-config.ts'

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

describe('reading the keys on AWS (STRIPE_SECRET_ARN)', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  const load = async (value: () => Promise<string | undefined>) => {
    vi.resetModules()
    vi.stubEnv('STRIPE_SECRET_ARN', 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:Stripe-AbCdEf')
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_from_env_is_ignored')
    const config = await import('./stripe-config.ts')
    const reader = vi.fn(value)
    config.setSecretReader(reader)
    return { config, reader }
  }

  it('reads the secret once per container and ignores keys in the environment', async () => {
    const { config, reader } = await load(
      async () => '{"secretKey":"sk_live_abc","webhookSecret":"whsec_def"}',
    )
    expect(await config.stripeConfig()).toEqual({
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_def',
      apiUrl: undefined,
    })
    await config.stripeConfig()
    expect(reader).toHaveBeenCalledTimes(1)
    expect(reader).toHaveBeenCalledWith(
      'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:Stripe-AbCdEf',
    )
  })

  it('leaves card payments unavailable while the secret holds no key, and tries again after a failed read', async () => {
    let calls = 0
    const { config } = await load(async () => {
      calls++
      if (calls === 1) throw new Error('throttled')
      return '{"secretKey":"","webhookSecret":"","filler":"x"}'
    })
    await expect(config.stripeConfig()).rejects.toThrow('throttled')
    expect(await config.stripeConfig()).toEqual({
      secretKey: undefined,
      webhookSecret: undefined,
      apiUrl: undefined,
    })
  })
})

describe('a secret set after deploy', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('is read again 5 minutes after it was found without a key, and then kept', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T00:00:00Z'), toFake: ['Date'] })
    vi.resetModules()
    vi.stubEnv('STRIPE_SECRET_ARN', 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:Stripe-AbCdEf')
    const config = await import('./stripe-config.ts')
    let value = '{"secretKey":"","webhookSecret":"","filler":"x"}'
    const reader = vi.fn(async () => value)
    config.setSecretReader(reader)
    expect((await config.stripeConfig()).secretKey).toBeUndefined()
    value = '{"secretKey":"sk_live_abc","webhookSecret":"whsec_def"}'
    vi.setSystemTime(new Date('2026-11-24T00:04:59Z'))
    expect((await config.stripeConfig()).secretKey).toBeUndefined()
    vi.setSystemTime(new Date('2026-11-24T00:05:01Z'))
    expect((await config.stripeConfig()).secretKey).toBe('sk_live_abc')
    vi.setSystemTime(new Date('2026-11-25T00:00:00Z'))
    expect((await config.stripeConfig()).secretKey).toBe('sk_live_abc')
    expect(reader).toHaveBeenCalledTimes(2)
  })
})
