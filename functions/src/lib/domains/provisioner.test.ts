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
import { awsProvisioner, localProvisioner, tenantName } from './provisioner.ts'

const cloudfront = mockClient(CloudFrontClient)
const config = {
  distributionId: 'EDFDVBD6EXAMPLE',
  connectionGroupId: 'cg_123',
  cnameTarget: 'd111.cloudfront.net',
}
const notFound = Object.assign(new Error('not found'), { name: 'EntityNotFound' })
const provisioner = () => awsProvisioner(new CloudFrontClient({ region: 'us-east-1' }), config)

beforeEach(() => cloudfront.reset())

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
