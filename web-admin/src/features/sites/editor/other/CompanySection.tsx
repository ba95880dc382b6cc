import { CompanySchema, SITE_LIMITS } from '@swipe/shared'
import type { SiteLanguage } from '@swipe/shared/site/model'
import { PAGE_TEXTS } from '@swipe/shared/site/texts'
import { CompanyDialog, DIALOG_CSS } from '@swipe/web-site/blocks/BottomBar.tsx'
import { BLOCK_BASE_CSS } from '@swipe/web-site/blocks/base.ts'
import { companyContent, fillCompanyPanels, LEGAL_FIELDS, setUpTabs } from '@swipe/web-site/blocks/company.ts'
import { Card, Col, Flex, Input, Row, Switch, Typography } from 'antd'
import { type RefObject, useLayoutEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Company } from '../../api.ts'
import { Field, firstProblem } from '../creatives/Field.tsx'
import { type FieldProblem, problemAt } from '../draft.ts'
import { BlockPreview } from '../preview/BlockPreview.tsx'
import { emptyCompany, issuesOf } from './model.ts'

const SWITCHES = ['showInForm', 'showInMemberShip', 'showInContact'] as const

/**
 * Around the dialog: the page's font and the modal's backdrop colour, and the dialog shown in the
 * flow instead of over the page. Only this frame is the console's; the dialog is the site's block.
 */
const FRAME_CSS = `.pg{padding:16px 8px;border-radius:8px;background:rgba(0,0,0,.6);font:15px/1.5 system-ui,-apple-system,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP","Noto Sans CJK KR","Noto Sans SC",sans-serif;color:#202020}
.pg .dlg{position:static;max-width:100%;max-height:480px;margin:0 auto}
`

/** Tab lists already wired (React may run a mount effect twice on the same elements). */
const wired = new WeakSet<Element>()

/**
 * The open dialog inside the preview's shadow root: its tabs switch by click and arrow keys, and
 * its panels are filled with the texts, both by the island's own code (`blocks/company.ts`).
 * Remounted when the tabs change; the tab the creator chose stays chosen while it exists.
 */
const OpenDialog = ({
  model,
  texts,
  chosen,
}: {
  model: Parameters<typeof CompanyDialog>[0]['model']
  texts: readonly string[]
  chosen: RefObject<string>
}) => {
  const frame = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const list = frame.current?.querySelector<HTMLElement>('[role=tablist]')
    if (!list || wired.has(list)) return
    wired.add(list)
    const select = setUpTabs(list, (tab) => {
      chosen.current = tab.id
    })
    const tabs = [...list.querySelectorAll<HTMLElement>('[role=tab]')]
    const again = tabs.find((tab) => tab.id === chosen.current)
    if (again) select(again, false)
    else chosen.current = tabs[0]?.id ?? ''
  }, [chosen])
  useLayoutEffect(() => {
    if (frame.current) fillCompanyPanels(frame.current, texts)
  }, [texts])
  return (
    <div className="pg" ref={frame}>
      <CompanyDialog model={model} open />
    </div>
  )
}

/**
 * The company-information modal as a visitor of this language's page sees it (SPEC §2 Site frame):
 * the site's `CompanyDialog` block with its stylesheet, the tabs that have text, labelled with the
 * page's words, and the texts as the island puts them in: as plain text with their line breaks.
 * Whatever markup a text holds is shown, never run. Its tabs can be tried by mouse and keyboard.
 */
const CompanyPreview = ({ company, lang }: { company: Company; lang: SiteLanguage }) => {
  const { t } = useTranslation()
  const content = useMemo(() => companyContent(company), [company])
  const chosen = useRef('')
  // As the publish render: the first tab stands in when no text is written yet.
  const tabs = content.tabs.length ? content.tabs : [0]
  const model = {
    texts: PAGE_TEXTS[lang],
    company: { tabs, ...(content.website ? { website: content.website } : {}) },
  }
  return (
    <Card
      size="small"
      title={t('siteContent.company.previewTitle')}
      role="region"
      aria-label={t('siteContent.company.previewTitle')}
    >
      <BlockPreview name="company" css={BLOCK_BASE_CSS + DIALOG_CSS + FRAME_CSS} interactive>
        <OpenDialog key={`${lang}:${tabs.join()}`} model={model} texts={content.texts} chosen={chosen} />
      </BlockPreview>
      {!content.tabs.length && !content.website && (
        <Typography.Text type="secondary">{t('siteContent.company.emptyText')}</Typography.Text>
      )}
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
  lang,
  onChange,
  problems,
}: {
  company: Company | null
  /** The content language being edited: the preview shows that language's page words. */
  lang: SiteLanguage
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
        {LEGAL_FIELDS.map((key) => (
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
        <CompanyPreview company={value} lang={lang} />
      </Col>
    </Row>
  )
}
