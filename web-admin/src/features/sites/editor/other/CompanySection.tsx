import { CompanySchema, SITE_LIMITS } from '@swipe/shared'
import { Card, Col, Flex, Input, Row, Switch, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Company } from '../../api.ts'
import { Field, firstProblem } from '../creatives/Field.tsx'
import { type FieldProblem, problemAt } from '../draft.ts'
import { emptyCompany, issuesOf } from './model.ts'

const LEGAL_TEXTS = ['companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'] as const
const SWITCHES = ['showInForm', 'showInMemberShip', 'showInContact'] as const

/**
 * The legal texts as the visitor's company-information modal shows them (SPEC §2 Site frame): as
 * plain text with its line breaks. Whatever markup a text holds is shown, never run.
 */
const LegalPreview = ({ company }: { company: Company }) => {
  const { t } = useTranslation()
  return (
    <Card
      size="small"
      title={t('siteContent.company.previewTitle')}
      role="region"
      aria-label={t('siteContent.company.previewTitle')}
    >
      <Tabs
        size="small"
        items={LEGAL_TEXTS.map((key) => ({
          key,
          label: t(`siteContent.company.tabs.${key}`),
          children: company[key].trim() ? (
            <Typography.Paragraph
              style={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflowY: 'auto', marginBottom: 0 }}
            >
              {company[key]}
            </Typography.Paragraph>
          ) : (
            <Typography.Text type="secondary">{t('siteContent.company.emptyText')}</Typography.Text>
          ),
        }))}
      />
    </Card>
  )
}

/**
 * Company information and legal texts (SPEC §3 companies): website, profile, specific commercial
 * transactions, terms of service, privacy policy, where they are linked from the forms, and
 * "契約同意必須", which makes terms and privacy policy required (the shared CompanySchema).
 */
export const CompanySection = ({
  company,
  onChange,
  problems,
}: {
  company: Company | null
  onChange: (patch: Partial<Company>) => void
  /** The last save's problems, relative to this language's `company`. */
  problems: readonly FieldProblem[]
}) => {
  const { t } = useTranslation()
  const value = company ?? emptyCompany()
  const found = company
    ? issuesOf(CompanySchema, { ...company, companyWebsite: company.companyWebsite ?? '' })
    : []
  const at = (field: keyof Company) => firstProblem(problemAt(found, field), problemAt(problems, field))

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={14}>
        <Field label={t('siteContent.company.companyWebsite')} problem={at('companyWebsite')}>
          {(id) => (
            <Input
              id={id}
              type="url"
              inputMode="url"
              value={value.companyWebsite ?? ''}
              maxLength={SITE_LIMITS.url}
              placeholder="https://"
              onChange={(event) => onChange({ companyWebsite: event.target.value || null })}
            />
          )}
        </Field>
        {LEGAL_TEXTS.map((key) => (
          <Field
            key={key}
            label={t(`siteContent.company.${key}`)}
            problem={at(key)}
            required={
              value.contractAgreementRequired && (key === 'termsOfService' || key === 'privacyPolicy')
            }
          >
            {(id) => (
              <Input.TextArea
                id={id}
                value={value[key]}
                maxLength={SITE_LIMITS.tags}
                showCount
                autoSize={{ minRows: 5, maxRows: 16 }}
                onChange={(event) => onChange({ [key]: event.target.value })}
              />
            )}
          </Field>
        ))}
        <Flex gap={24} wrap>
          {SWITCHES.map((key) => (
            <Field key={key} label={t(`siteContent.company.${key}`)} problem={at(key)}>
              {(id) => (
                <Switch id={id} checked={value[key]} onChange={(checked) => onChange({ [key]: checked })} />
              )}
            </Field>
          ))}
        </Flex>
        <Field
          label={t('siteContent.company.contractAgreementRequired')}
          problem={at('contractAgreementRequired')}
          extra={t('siteContent.company.contractAgreementHint')}
        >
          {(id) => (
            <Switch
              id={id}
              checked={value.contractAgreementRequired}
              onChange={(contractAgreementRequired) => onChange({ contractAgreementRequired })}
            />
          )}
        </Field>
      </Col>
      <Col xs={24} lg={10}>
        <LegalPreview company={value} />
      </Col>
    </Row>
  )
}
