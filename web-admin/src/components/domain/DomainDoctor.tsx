import { Alert, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/** A domain's state as the console shows it (a site's custom domain, an OEM's sites domain). */
export type DomainState = 'VERIFYING' | 'ACTIVE' | 'FAILED'

/** One finding of the domain doctor, already in the reader's language. */
export interface DomainFinding {
  code: string
  severity: 'error' | 'warning' | 'info'
  message: string
}

/** The tag colour of each domain state. */
export const STATE_COLOURS = { VERIFYING: 'gold', ACTIVE: 'green', FAILED: 'red' } as const satisfies Record<
  DomainState,
  string
>
/** The alert type of each finding's severity. */
export const SEVERITY_ALERT = { error: 'error', warning: 'warning', info: 'info' } as const

/** The doctor's findings (already in the reader's language), one alert each. */
export const Doctor = ({ findings }: { findings: readonly DomainFinding[] }) => {
  const { t } = useTranslation()
  return (
    <section aria-label={t('siteEditor.domain.doctorTitle')}>
      <Typography.Text strong>{t('siteEditor.domain.doctorTitle')}</Typography.Text>
      <Flex vertical gap={8} style={{ marginTop: 8 }}>
        {findings.length === 0 ? (
          <Typography.Text type="secondary">{t('siteEditor.domain.doctorEmpty')}</Typography.Text>
        ) : (
          findings.map((f) => (
            <Alert key={f.code} type={SEVERITY_ALERT[f.severity]} showIcon title={f.message} />
          ))
        )}
      </Flex>
    </section>
  )
}
