import { CfnOutput } from 'aws-cdk-lib'
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses'
import { Construct } from 'constructs'
import type { StageConfig } from './config.ts'

export interface MailProps {
  config: StageConfig
}

/**
 * The SES domain identity the API sends from. DNS is not managed here (no lookups), so the DKIM
 * records to publish are stack outputs; SES verifies the domain once they resolve.
 */
export class Mail extends Construct {
  readonly identity: EmailIdentity
  /** The sender address the handlers use (`MAIL_FROM`). */
  readonly from: string
  readonly domain: string

  constructor(scope: Construct, id: string, { config }: MailProps) {
    super(scope, id)
    this.domain = config.mailDomain
    this.from = `no-reply@${config.mailDomain}`
    this.identity = new EmailIdentity(this, 'Identity', { identity: Identity.domain(config.mailDomain) })
    this.identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: `CNAME to publish for SES DKIM of ${config.mailDomain}`,
        value: `${record.name} CNAME ${record.value}`,
      })
    })
  }
}
