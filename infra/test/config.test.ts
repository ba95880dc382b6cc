import { App, RemovalPolicy } from 'aws-cdk-lib'
import { describe, expect, it } from 'vitest'
import { DEFAULT_MAIL_DOMAIN, readStageConfig } from '../lib/config.ts'

const read = (context: Record<string, unknown>) => readStageConfig(new App({ context }).node)
const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555'

describe('stage configuration from context', () => {
  it('defaults to a disposable, environment-agnostic dev stage', () => {
    expect(read({})).toMatchObject({ stage: 'dev', isDev: true, mailDomain: DEFAULT_MAIL_DOMAIN })
    expect(read({}).env).toBeUndefined()
    expect(read({}).removalPolicy).toBe(RemovalPolicy.DESTROY)
    expect(read({ stage: 'prod' }).removalPolicy).toBe(RemovalPolicy.RETAIN)
  })

  it('takes a custom domain only with its us-east-1 certificate', () => {
    expect(read({ adminDomain: 'Admin.Example.com', adminCertificateArn: CERT }).adminDomain).toEqual({
      name: 'admin.example.com',
      certificateArn: CERT,
    })
    expect(() => read({ adminDomain: 'admin.example.com' })).toThrow(/adminCertificateArn/)
    expect(() =>
      read({
        sitesDomain: 'sites.example.com',
        sitesCertificateArn: CERT.replace('us-east-1', 'ap-northeast-1'),
      }),
    ).toThrow(/us-east-1/)
  })

  it('rejects malformed values instead of deploying half a stage', () => {
    expect(() => read({ stage: 'Prod!' })).toThrow(/stage/)
    expect(() => read({ mailDomain: 'not a domain' })).toThrow(/mailDomain/)
    expect(() => read({ account: '123456789012' })).toThrow(/account.*region/)
    expect(read({ account: '123456789012', region: 'ap-northeast-1' }).env).toEqual({
      account: '123456789012',
      region: 'ap-northeast-1',
    })
  })
})
