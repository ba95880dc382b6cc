import { describe, expect, it } from 'vitest'
import { type Json, memo, refsIn, synth } from './support.ts'

/**
 * The security log's login-ID hashes are keyed (functions/src/lib/security-log.ts): one generated
 * secret per stage whose value reaches, as a dynamic reference resolved at deploy, the Lambdas that
 * log login IDs (the auth context) and no other API Lambda.
 */
const scenario = memo(() => synth())

const variablesOf = (resources: Record<string, { Properties?: Json }>, id: string) =>
  ((resources[id]!.Properties as Json).Environment as { Variables: Json }).Variables

describe('the security log’s key', () => {
  it('is generated, never in the template, and given to the auth Lambda alone', () => {
    const { resources, stack, logicalId } = scenario()
    const secretId = logicalId(stack.api.securityLogSecret)
    const secret = resources[secretId]!
    expect(secret.Properties?.GenerateSecretString).toMatchObject({ PasswordLength: 48 })
    expect(secret.Properties?.SecretString).toBeUndefined()
    const given: string[] = []
    for (const [context, fn] of stack.api.functions) {
      const value = variablesOf(resources, logicalId(fn)).SECURITY_LOG_KEY
      if (value === undefined) continue
      expect(JSON.stringify(value), context).toContain('{{resolve:secretsmanager:')
      expect(refsIn(value).has(secretId), context).toBe(true)
      given.push(context)
    }
    expect(given).toEqual(['auth'])
  })
})
