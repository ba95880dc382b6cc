import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/** One `field=value` of an API change's summary (functions/src/apiAccess: `audit(…, summary)`). */
export interface AuditField {
  field: string
  value: string
}

/**
 * The summary's fields, in order. The server writes `name=value` pairs separated by spaces, where a
 * value may itself hold spaces (an address list, a key's name); a value runs to the next `name=`.
 */
export const auditFields = (summary: string): AuditField[] => {
  const starts = [...summary.matchAll(/(^|\s)([A-Za-z]+)=/g)]
  return starts.map((match, i) => ({
    field: match[2] ?? '',
    value: summary.slice((match.index ?? 0) + match[0].length, starts[i + 1]?.index ?? summary.length).trim(),
  }))
}

/** Fields whose value is never shown, whatever the server wrote: only that they changed. */
const SECRET_FIELDS = new Set(['basicPassword'])

/**
 * An API change's summary for people: each field under its label in the console's language
 * (「認証方式: Basic 認証」), a password only as 「パスワードを変更」 — never a secret's value, and no
 * `basicPassword=changed`. A summary of another shape is shown as written.
 */
export const AuditSummary = ({ summary }: { summary: string }) => {
  const { t } = useTranslation()
  const fields = auditFields(summary)
  if (!fields.length) return <Typography.Text type="secondary">{summary}</Typography.Text>
  const parts = fields.map(({ field, value }) => {
    if (SECRET_FIELDS.has(field)) return t('siteApi.audit.passwordChanged')
    const label = t(`siteApi.audit.fields.${field as 'name'}`, { defaultValue: field })
    const shown =
      field === 'method'
        ? t(`siteApi.settings.methods.${value as 'API_KEY'}`, { defaultValue: value })
        : field === 'enabled' && (value === 'true' || value === 'false')
          ? t(`siteApi.audit.values.${value}`)
          : value
    return `${label}: ${shown}`
  })
  return <Typography.Text type="secondary">{parts.join(' / ')}</Typography.Text>
}
