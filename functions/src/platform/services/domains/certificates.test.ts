import {
  ACMClient,
  DeleteCertificateCommand,
  DescribeCertificateCommand,
  RequestCertificateCommand,
} from '@aws-sdk/client-acm'
import { mockClient } from 'aws-sdk-client-mock'
import { beforeEach, describe, expect, it } from 'vitest'
import { CERTIFICATE_REGION, OEM_CERTIFICATE_TAG } from './acm-scope.ts'
import { acmCertificates, certificateClient, idempotencyToken } from './certificates.ts'
import { certificateFinding, finding, wildcardStep } from './doctor.ts'

const acm = mockClient(ACMClient)
const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc'
const claim = { zone: 'oem.example', oemId: 'oem-1', requestedAt: 1_700_000_000_000 }
const record = { Name: '_x1.oem.example.', Type: 'CNAME' as const, Value: '_y1.acm-validations.aws.' }
const described = (Status: string, extra: Record<string, unknown> = {}) => ({
  Certificate: {
    CertificateArn: arn,
    DomainName: '*.oem.example',
    Status: Status as 'ISSUED',
    DomainValidationOptions: [{ DomainName: '*.oem.example', ResourceRecord: record }],
    ...extra,
  },
})
const certificates = () => acmCertificates(new ACMClient({ region: CERTIFICATE_REGION }))

beforeEach(() => acm.reset())

describe('ACM wildcard certificates (OEM domains on AWS)', () => {
  it("uses us-east-1, CloudFront's certificate region", async () => {
    expect(CERTIFICATE_REGION).toBe('us-east-1')
    expect(await certificateClient().config.region()).toBe('us-east-1')
  })

  it('requests *.<zone> validated over DNS, idempotent per claim and tagged, then reads its validation record', async () => {
    acm.on(RequestCertificateCommand).resolves({ CertificateArn: arn })
    acm.on(DescribeCertificateCommand).resolves(described('PENDING_VALIDATION'))
    expect(await certificates().ensure(claim)).toEqual({
      arn,
      status: 'PENDING_VALIDATION',
      validation: { name: '_x1.oem.example.', value: '_y1.acm-validations.aws.' },
    })
    const token = idempotencyToken(claim)
    expect(token).toMatch(/^\w{32}$/)
    expect(acm.commandCalls(RequestCertificateCommand).map((c) => c.args[0].input)).toEqual([
      {
        DomainName: '*.oem.example',
        ValidationMethod: 'DNS',
        IdempotencyToken: token,
        Options: { CertificateTransparencyLoggingPreference: 'ENABLED' },
        Tags: [
          { Key: 'swipe:purpose', Value: 'oem-wildcard' },
          { Key: 'swipe:oem', Value: 'oem-1' },
          { Key: 'swipe:domain', Value: 'oem.example' },
        ],
      },
    ])
    expect(OEM_CERTIFICATE_TAG).toEqual({ Key: 'swipe:purpose', Value: 'oem-wildcard' })
    expect(acm.commandCalls(DescribeCertificateCommand).map((c) => c.args[0].input)).toEqual([
      { CertificateArn: arn },
    ])
  })

  it('derives the token from the OEM, the domain and the claim: the same claim asks for the same certificate', () => {
    expect(idempotencyToken(claim)).toBe(idempotencyToken({ ...claim }))
    expect(idempotencyToken(claim)).not.toBe(idempotencyToken({ ...claim, oemId: 'oem-2' }))
    expect(idempotencyToken(claim)).not.toBe(idempotencyToken({ ...claim, zone: 'other.example' }))
    expect(idempotencyToken(claim)).not.toBe(idempotencyToken({ ...claim, requestedAt: 1 }))
  })

  it('answers pending without a record while ACM prepares it', async () => {
    acm.on(RequestCertificateCommand).resolves({ CertificateArn: arn })
    acm.on(DescribeCertificateCommand).resolves({
      Certificate: {
        CertificateArn: arn,
        Status: 'PENDING_VALIDATION',
        DomainValidationOptions: [{ DomainName: '*.oem.example' }],
      },
    })
    const pending = await certificates().ensure(claim)
    expect(pending).toEqual({ arn, status: 'PENDING_VALIDATION', validation: null })
    expect(certificateFinding(pending, '*.oem.example')).toEqual({
      code: 'certificatePreparing',
      severity: 'info',
      params: {},
    })
  })

  it('describes a known certificate without requesting another; pending, the doctor names the record to add', async () => {
    acm.on(DescribeCertificateCommand).resolves(described('PENDING_VALIDATION'))
    const pending = await certificates().ensure({ ...claim, arn })
    expect(acm.commandCalls(RequestCertificateCommand)).toHaveLength(0)
    expect(certificateFinding(pending, '*.oem.example')).toEqual({
      code: 'certificateValidation',
      severity: 'warning',
      params: { name: '_x1.oem.example.', value: '_y1.acm-validations.aws.' },
    })
  })

  it('reports an issued certificate', async () => {
    acm.on(DescribeCertificateCommand).resolves(described('ISSUED'))
    expect(await certificates().ensure({ ...claim, arn })).toEqual({
      arn,
      status: 'ISSUED',
      validation: { name: '_x1.oem.example.', value: '_y1.acm-validations.aws.' },
    })
  })

  it('a certificate refused for a CAA record: the doctor says the CAA record blocks Amazon', async () => {
    acm.on(DescribeCertificateCommand).resolves(described('FAILED', { FailureReason: 'CAA_ERROR' }))
    const failed = await certificates().ensure({ ...claim, arn })
    expect(failed).toMatchObject({ status: 'FAILED', reason: 'CAA_ERROR' })
    expect(certificateFinding(failed, '*.oem.example')).toEqual({
      code: 'certificateCaa',
      severity: 'error',
      params: { domain: '*.oem.example' },
    })
  })

  it('a certificate ACM stopped validating after 72 hours: the doctor names the record it never found', async () => {
    acm.on(DescribeCertificateCommand).resolves(described('VALIDATION_TIMED_OUT'))
    const timedOut = await certificates().ensure({ ...claim, arn })
    expect(certificateFinding(timedOut, '*.oem.example')).toEqual({
      code: 'certificateTimedOut',
      severity: 'error',
      params: { name: '_x1.oem.example.' },
    })
  })

  it("any other refusal: the doctor gives ACM's reason", async () => {
    acm.on(DescribeCertificateCommand).resolves(described('FAILED', { FailureReason: 'DOMAIN_NOT_ALLOWED' }))
    expect(certificateFinding(await certificates().ensure({ ...claim, arn }), '*.oem.example')).toEqual({
      code: 'certificateFailed',
      severity: 'error',
      params: { status: 'DOMAIN_NOT_ALLOWED' },
    })
  })

  it('requests again when the stored certificate was deleted outside the product', async () => {
    acm
      .on(DescribeCertificateCommand, { CertificateArn: 'arn:gone' })
      .rejects(Object.assign(new Error('gone'), { name: 'ResourceNotFoundException' }))
    acm.on(DescribeCertificateCommand, { CertificateArn: arn }).resolves(described('PENDING_VALIDATION'))
    acm.on(RequestCertificateCommand).resolves({ CertificateArn: arn })
    expect((await certificates().ensure({ ...claim, arn: 'arn:gone' })).arn).toBe(arn)
    expect(acm.commandCalls(RequestCertificateCommand)).toHaveLength(1)
  })

  it('deletes the certificate on removal; absent, or still held by a tenant being deleted, is not an error', async () => {
    acm.on(DeleteCertificateCommand).resolves({})
    await certificates().remove(arn)
    expect(acm.commandCalls(DeleteCertificateCommand).map((c) => c.args[0].input)).toEqual([
      { CertificateArn: arn },
    ])
    const refusing = async (name: string) => {
      acm.reset()
      acm.on(DeleteCertificateCommand).rejects(Object.assign(new Error(name), { name }))
      return certificates().remove(arn)
    }
    await expect(refusing('ResourceNotFoundException')).resolves.toBeUndefined()
    await expect(refusing('ResourceInUseException')).resolves.toBeUndefined()
    await expect(refusing('AccessDeniedException')).rejects.toThrow('AccessDeniedException')
  })
})

describe("the OEM wildcard's rule: connected only with the wildcard resolving and the certificate issued", () => {
  const wildcard = '*.oem.example'
  const missing = finding('cnameMissing', 'error', { domain: wildcard, target: 'd111.cloudfront.net' })
  const validation = { name: '_x1.oem.example.', value: '_y1.acm-validations.aws.' }
  const pending = { arn, status: 'PENDING_VALIDATION', validation }
  const issued = { arn, status: 'ISSUED', validation }

  it('pending: waits and names the validation record, even with the wildcard resolving', () => {
    expect(wildcardStep([], pending, wildcard)).toEqual({
      next: 'wait',
      findings: [finding('certificateValidation', 'warning', validation)],
    })
    expect(wildcardStep([missing], pending, wildcard)).toEqual({
      next: 'wait',
      findings: [missing, finding('certificateValidation', 'warning', validation)],
    })
  })

  it('issued but the wildcard CNAME missing: waits on the record', () => {
    expect(wildcardStep([missing], issued, wildcard)).toEqual({ next: 'wait', findings: [missing] })
  })

  it('issued and resolving: attaches with the certificate ARN', () => {
    expect(wildcardStep([], issued, wildcard)).toEqual({ next: 'attach', certificateArn: arn })
  })

  it("failed or timed out: refused at once with the doctor's reason", () => {
    expect(wildcardStep([], { ...issued, status: 'FAILED', reason: 'CAA_ERROR' }, wildcard)).toEqual({
      next: 'refused',
      findings: [finding('certificateCaa', 'error', { domain: wildcard })],
    })
    expect(wildcardStep([missing], { ...pending, status: 'VALIDATION_TIMED_OUT' }, wildcard)).toEqual({
      next: 'refused',
      findings: [missing, finding('certificateTimedOut', 'error', { name: '_x1.oem.example.' })],
    })
  })

  it('no certificate on this stage (local): the resolving wildcard is enough', () => {
    expect(wildcardStep([], null, wildcard)).toEqual({ next: 'attach' })
    expect(wildcardStep([missing], null, wildcard)).toEqual({ next: 'wait', findings: [missing] })
  })
})
