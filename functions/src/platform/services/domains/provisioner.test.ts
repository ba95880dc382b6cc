import {
  ACMClient,
  DeleteCertificateCommand,
  DescribeCertificateCommand,
  RequestCertificateCommand,
} from '@aws-sdk/client-acm'
import {
  CloudFrontClient,
  CreateDistributionTenantCommand,
  DeleteDistributionTenantCommand,
  GetDistributionTenantByDomainCommand,
  GetManagedCertificateDetailsCommand,
  UpdateDistributionTenantCommand,
} from '@aws-sdk/client-cloudfront'
import { mockClient } from 'aws-sdk-client-mock'
import { beforeEach, describe, expect, it } from 'vitest'
import { acmCertificates } from './certificates.ts'
import { wildcardStep } from './doctor.ts'
import { awsProvisioner, localProvisioner, tenantName } from './provisioner.ts'

const cloudfront = mockClient(CloudFrontClient)
const acm = mockClient(ACMClient)
const config = {
  distributionId: 'EDFDVBD6EXAMPLE',
  connectionGroupId: 'cg_123',
  cnameTarget: 'd111.cloudfront.net',
}
const notFound = Object.assign(new Error('not found'), { name: 'EntityNotFound' })
const provisioner = () => awsProvisioner(new CloudFrontClient({ region: 'us-east-1' }), config)

beforeEach(() => {
  cloudfront.reset()
  acm.reset()
})

describe('AWS adapter (CloudFront distribution tenants)', () => {
  it('creates a tenant with a managed certificate under the connection group, and reports it pending', async () => {
    cloudfront.on(GetDistributionTenantByDomainCommand).rejects(notFound)
    cloudfront
      .on(CreateDistributionTenantCommand)
      .resolves({ DistributionTenant: { Id: 'dt_1' }, ETag: 'E1' })
    cloudfront
      .on(GetManagedCertificateDetailsCommand)
      .resolves({ ManagedCertificateDetails: { CertificateStatus: 'pending-validation' } })
    expect(await provisioner().attach('lp.example.com', 'site-1')).toEqual({
      state: 'pending',
      certificate: 'pending',
    })
    expect(cloudfront.commandCalls(CreateDistributionTenantCommand).map((c) => c.args[0].input)).toEqual([
      {
        DistributionId: 'EDFDVBD6EXAMPLE',
        ConnectionGroupId: 'cg_123',
        Name: tenantName('lp.example.com'),
        Domains: [{ Domain: 'lp.example.com' }],
        Enabled: true,
        ManagedCertificateRequest: {
          ValidationTokenHost: 'cloudfront',
          PrimaryDomainName: 'lp.example.com',
          CertificateTransparencyLoggingPreference: 'enabled',
        },
      },
    ])
    expect(cloudfront.commandCalls(GetManagedCertificateDetailsCommand)[0]!.args[0].input).toEqual({
      Identifier: 'dt_1',
    })
  })

  it('reuses the existing tenant and is active once the certificate is issued', async () => {
    cloudfront
      .on(GetDistributionTenantByDomainCommand)
      .resolves({ DistributionTenant: { Id: 'dt_1', Enabled: true }, ETag: 'E1' })
    cloudfront
      .on(GetManagedCertificateDetailsCommand)
      .resolves({ ManagedCertificateDetails: { CertificateStatus: 'issued' } })
    expect(await provisioner().attach('lp.example.com', 'site-1')).toEqual({
      state: 'active',
      certificate: 'issued',
    })
    expect(cloudfront.commandCalls(CreateDistributionTenantCommand)).toHaveLength(0)
  })

  it.each(['failed', 'validation-timed-out', 'revoked'])(
    'reports a %s certificate as failed',
    async (status) => {
      cloudfront
        .on(GetDistributionTenantByDomainCommand)
        .resolves({ DistributionTenant: { Id: 'dt_1', Enabled: true }, ETag: 'E1' })
      cloudfront
        .on(GetManagedCertificateDetailsCommand)
        .resolves({ ManagedCertificateDetails: { CertificateStatus: status as 'failed' } })
      expect(await provisioner().attach('lp.example.com', 'site-1')).toEqual({
        state: 'failed',
        certificate: 'failed',
        status,
      })
    },
  )

  it('enables a tenant an earlier detach left disabled', async () => {
    cloudfront
      .on(GetDistributionTenantByDomainCommand)
      .resolves({ DistributionTenant: { Id: 'dt_1', Enabled: false }, ETag: 'E2' })
    cloudfront.on(UpdateDistributionTenantCommand).resolves({ ETag: 'E3' })
    cloudfront
      .on(GetManagedCertificateDetailsCommand)
      .resolves({ ManagedCertificateDetails: { CertificateStatus: 'issued' } })
    await provisioner().attach('lp.example.com', 'site-1')
    expect(cloudfront.commandCalls(UpdateDistributionTenantCommand)[0]!.args[0].input).toEqual({
      Id: 'dt_1',
      IfMatch: 'E2',
      Enabled: true,
    })
  })

  it('detaches by disabling the tenant, then deleting it with the new ETag', async () => {
    cloudfront
      .on(GetDistributionTenantByDomainCommand)
      .resolves({ DistributionTenant: { Id: 'dt_1', Enabled: true }, ETag: 'E1' })
    cloudfront.on(UpdateDistributionTenantCommand).resolves({ ETag: 'E2' })
    cloudfront.on(DeleteDistributionTenantCommand).resolves({})
    await provisioner().detach('lp.example.com')
    expect(cloudfront.commandCalls(UpdateDistributionTenantCommand)[0]!.args[0].input).toEqual({
      Id: 'dt_1',
      IfMatch: 'E1',
      Enabled: false,
    })
    expect(cloudfront.commandCalls(DeleteDistributionTenantCommand)[0]!.args[0].input).toEqual({
      Id: 'dt_1',
      IfMatch: 'E2',
    })
  })

  it('detaching a domain without a tenant does nothing', async () => {
    cloudfront.on(GetDistributionTenantByDomainCommand).rejects(notFound)
    await provisioner().detach('lp.example.com')
    expect(cloudfront.commandCalls(UpdateDistributionTenantCommand)).toHaveLength(0)
    expect(cloudfront.commandCalls(DeleteDistributionTenantCommand)).toHaveLength(0)
  })

  it('keeps a disabled tenant whose deletion CloudFront does not allow yet', async () => {
    cloudfront
      .on(GetDistributionTenantByDomainCommand)
      .resolves({ DistributionTenant: { Id: 'dt_1', Enabled: false }, ETag: 'E1' })
    cloudfront
      .on(DeleteDistributionTenantCommand)
      .rejects(Object.assign(new Error('deploying'), { name: 'ResourceNotDisabled' }))
    await expect(provisioner().detach('lp.example.com')).resolves.toBeUndefined()
    expect(cloudfront.commandCalls(UpdateDistributionTenantCommand)).toHaveLength(0)
  })

  it("names tenants within CloudFront's characters, distinct for look-alike domains", () => {
    expect(tenantName('a-b.c.example.com')).toMatch(/^[a-z0-9-]+$/)
    expect(tenantName('a-b.c.example.com')).not.toBe(tenantName('a.b-c.example.com'))
  })
})

describe('local adapter', () => {
  it('needs no certificate: attach is active at once', async () => {
    const local = localProvisioner('domains.sites.localhost')
    expect(local.kind).toBe('local')
    expect(local.cnameTarget).toBe('domains.sites.localhost')
    expect(await local.attach('lp.example.test', 'site-1')).toEqual({ state: 'active', certificate: 'none' })
  })
})

describe('AWS adapter: an OEM wildcard (issue 19 white label)', () => {
  const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc'
  const wildcardProvisioner = () =>
    awsProvisioner(new CloudFrontClient({ region: 'ap-northeast-1' }), {
      ...config,
      wildcardCertificates: acmCertificates(new ACMClient({ region: 'us-east-1' })),
    })
  const claim = { zone: 'oem.example', oemId: 'oem-1', requestedAt: 1_700_000_000_000 }

  it('requests the certificate on the first check and reports it pending with its validation record, creating no tenant', async () => {
    acm.on(RequestCertificateCommand).resolves({ CertificateArn: arn })
    acm.on(DescribeCertificateCommand).resolves({
      Certificate: {
        CertificateArn: arn,
        Status: 'PENDING_VALIDATION',
        DomainValidationOptions: [
          {
            DomainName: '*.oem.example',
            ResourceRecord: { Name: '_x1.oem.example.', Type: 'CNAME', Value: '_y1.acm-validations.aws.' },
          },
        ],
      },
    })
    const p = wildcardProvisioner()
    expect(p.wildcard).toBe(true)
    expect(await p.wildcardCertificate(claim)).toEqual({
      arn,
      status: 'PENDING_VALIDATION',
      validation: { name: '_x1.oem.example.', value: '_y1.acm-validations.aws.' },
    })
    expect(acm.commandCalls(RequestCertificateCommand)).toHaveLength(1)
    expect(cloudfront.calls()).toHaveLength(0)
  })

  it('attaches one tenant for *.<zone> naming the issued certificate', async () => {
    acm.on(DescribeCertificateCommand).resolves({ Certificate: { CertificateArn: arn, Status: 'ISSUED' } })
    cloudfront.on(GetDistributionTenantByDomainCommand).rejects(notFound)
    cloudfront
      .on(CreateDistributionTenantCommand)
      .resolves({ DistributionTenant: { Id: 'dt_w' }, ETag: 'E1' })
    const p = wildcardProvisioner()
    const certificate = await p.wildcardCertificate({ ...claim, arn })
    expect(certificate).toEqual({ arn, status: 'ISSUED', validation: null })
    // Known ARN: described, never requested again.
    expect(acm.commandCalls(RequestCertificateCommand)).toHaveLength(0)
    // The checker's rule: the wildcard resolves (no DNS error) and the certificate is issued.
    const step = wildcardStep([], certificate, '*.oem.example')
    expect(step).toEqual({ next: 'attach', certificateArn: arn })
    if (step.next !== 'attach') throw new Error('expected attach')
    expect(await p.attachWildcard('oem.example', step.certificateArn)).toEqual({
      state: 'active',
      certificate: 'issued',
    })
    expect(cloudfront.commandCalls(GetDistributionTenantByDomainCommand)[0]!.args[0].input).toEqual({
      Domain: '*.oem.example',
    })
    expect(cloudfront.commandCalls(CreateDistributionTenantCommand).map((c) => c.args[0].input)).toEqual([
      {
        DistributionId: 'EDFDVBD6EXAMPLE',
        ConnectionGroupId: 'cg_123',
        Name: tenantName('*.oem.example'),
        Domains: [{ Domain: '*.oem.example' }],
        Enabled: true,
        Customizations: { Certificate: { Arn: arn } },
      },
    ])
  })

  it('enables a wildcard tenant an earlier detach left disabled', async () => {
    cloudfront
      .on(GetDistributionTenantByDomainCommand)
      .resolves({ DistributionTenant: { Id: 'dt_w', Enabled: false }, ETag: 'E4' })
    cloudfront.on(UpdateDistributionTenantCommand).resolves({ ETag: 'E5' })
    expect(await wildcardProvisioner().attachWildcard('oem.example', arn)).toEqual({
      state: 'active',
      certificate: 'issued',
    })
    expect(cloudfront.commandCalls(UpdateDistributionTenantCommand)[0]!.args[0].input).toEqual({
      Id: 'dt_w',
      IfMatch: 'E4',
      Enabled: true,
    })
    expect(cloudfront.commandCalls(CreateDistributionTenantCommand)).toHaveLength(0)
  })

  it('refuses to attach a wildcard without a certificate, creating nothing', async () => {
    expect(await wildcardProvisioner().attachWildcard('oem.example')).toEqual({
      state: 'failed',
      certificate: 'failed',
      status: 'unsupported',
    })
    expect(cloudfront.calls()).toHaveLength(0)
  })

  it('detaches: disables and deletes the wildcard tenant, then deletes the certificate', async () => {
    const order: string[] = []
    cloudfront
      .on(GetDistributionTenantByDomainCommand)
      .resolves({ DistributionTenant: { Id: 'dt_w', Enabled: true }, ETag: 'E1' })
    cloudfront.on(UpdateDistributionTenantCommand).resolves({ ETag: 'E2' })
    cloudfront.on(DeleteDistributionTenantCommand).callsFake(() => {
      order.push('tenant')
      return {}
    })
    acm.on(DeleteCertificateCommand).callsFake(() => {
      order.push('certificate')
      return {}
    })
    await wildcardProvisioner().detachWildcard('oem.example', arn)
    expect(cloudfront.commandCalls(UpdateDistributionTenantCommand)[0]!.args[0].input).toEqual({
      Id: 'dt_w',
      IfMatch: 'E1',
      Enabled: false,
    })
    expect(cloudfront.commandCalls(DeleteDistributionTenantCommand)[0]!.args[0].input).toEqual({
      Id: 'dt_w',
      IfMatch: 'E2',
    })
    expect(acm.commandCalls(DeleteCertificateCommand).map((c) => c.args[0].input)).toEqual([
      { CertificateArn: arn },
    ])
    expect(order).toEqual(['tenant', 'certificate'])
  })

  it('without a certificate source the stage cannot take OEM domains; locally no certificate is needed', async () => {
    expect(provisioner().wildcard).toBe(false)
    const local = localProvisioner('domains.sites.localhost')
    expect(local.wildcard).toBe(true)
    expect(await local.wildcardCertificate(claim)).toBeNull()
    expect(await local.attachWildcard('oem.example')).toEqual({ state: 'active', certificate: 'none' })
  })
})
