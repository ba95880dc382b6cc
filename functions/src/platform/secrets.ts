/**
 * The secrets the platform's adapters read (issue 31): on AWS Secrets Manager through Powertools
 * Parameters (./aws/secrets.ts, cached), on the local stack the values it was given
 * (./local/secrets.ts: there is no Secrets Manager locally).
 */
export interface Secrets {
  /** The secret's string, or undefined while it holds none (created without a value, or never set). */
  get(id: string): Promise<string | undefined>
}
