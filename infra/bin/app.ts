#!/usr/bin/env node
// The CDK app entry (cdk.json: `npx tsx bin/app.ts`). Context: stage (default dev), adminDomain +
// adminCertificateArn, sitesDomain + sitesCertificateArn, mailDomain, account + region. See README.
import { buildApp } from '../lib/app.ts'

buildApp().app.synth()
