import { defaultForms } from '@swipe/shared'
import { Collapse, Form, Typography } from 'antd'
import { memo, useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Company, SeoConfig, SiteForms, SnsLink } from '../../api.ts'
import { type EditorTabProps, entryIndex, problemsUnder } from '../draft.ts'
import { BottomBarDefault } from './BottomBarDefault.tsx'
import { CompanySection } from './CompanySection.tsx'
import { FormsSection } from './FormsSection.tsx'
import { emptyCompany, emptySeo, formsOf, relativeTo, updateSettings } from './model.ts'
import { SeoSection } from './SeoSection.tsx'
import { SnsSection } from './SnsSection.tsx'

const SECTIONS = ['seo', 'sns', 'forms', 'company'] as const

// Each section re-renders only when its own part of the draft (or its problems) changed.
const Seo = memo(SeoSection)
const Sns = memo(SnsSection)
const Forms = memo(FormsSection)
const CompanyPart = memo(CompanySection)
const NO_LINKS: SnsLink[] = []

/**
 * The other-settings tab (SPEC §2, §3 Other settings per language): SEO and tags, SNS links, the
 * three visitor forms, and company information with the legal texts, for the current language.
 * The language's entry is created on its first edit.
 */
export const OtherSettingsTab = (props: EditorTabProps) => {
  const { draft, lang, onChange, plan, problems, readOnly } = props
  const { t } = useTranslation()
  const index = entryIndex(draft.settings, lang)
  const settings = index >= 0 ? draft.settings[index] : undefined
  const prefix = `settings.${index}`
  const count = (part: string) => (index >= 0 ? problemsUnder(problems, `${prefix}.${part}`).length : 0)
  const saved = useMemo(() => {
    const below = (part: string) => (index >= 0 ? relativeTo(problems, `settings.${index}.${part}`) : [])
    return { seo: below('seo'), sns: below('sns'), forms: below('forms'), company: below('company') }
  }, [problems, index])
  const storedForms = settings?.forms
  const forms = useMemo(() => storedForms ?? defaultForms(lang), [storedForms, lang])

  const setSeo = useCallback(
    (patch: Partial<SeoConfig>) =>
      onChange((d) =>
        updateSettings(d, lang, (s) => ({ ...s, seo: { ...(s.seo ?? emptySeo()), ...patch } })),
      ),
    [onChange, lang],
  )
  const setSns = useCallback(
    (sns: SnsLink[]) => onChange((d) => updateSettings(d, lang, (s) => ({ ...s, sns }))),
    [onChange, lang],
  )
  const setForms = useCallback(
    (update: (forms: SiteForms) => SiteForms) =>
      onChange((d) => updateSettings(d, lang, (s) => ({ ...s, forms: update(formsOf(s, lang)) }))),
    [onChange, lang],
  )
  const setCompany = useCallback(
    (patch: Partial<Company>) =>
      onChange((d) =>
        updateSettings(d, lang, (s) => ({ ...s, company: { ...(s.company ?? emptyCompany()), ...patch } })),
      ),
    [onChange, lang],
  )

  const creatives = useMemo(() => draft.creatives.filter((c) => c.lang === lang), [draft.creatives, lang])
  // Another language than the default follows the default language's SNS links until it has its own.
  const defaultLanguage = draft.globalSetting.defaultLanguage
  const defaultLinks = draft.settings.find((s) => s.lang === defaultLanguage)?.sns ?? NO_LINKS
  const inherited = useMemo(
    () =>
      lang === defaultLanguage
        ? undefined
        : { language: t(`siteContent.langs.${defaultLanguage}`), links: defaultLinks },
    [lang, defaultLanguage, defaultLinks, t],
  )
  const bottomBar = (kind: 'sns' | 'company') => {
    const [setting, own] =
      kind === 'sns'
        ? (['showSnsByDefault', 'snsConfig'] as const)
        : (['showCompanyByDefault', 'showCompany'] as const)
    return (
      <BottomBarDefault
        kind={kind}
        value={settings?.[setting]}
        creatives={creatives}
        onChange={(on) => onChange((d) => updateSettings(d, lang, (s) => ({ ...s, [setting]: on })))}
        onFollowAll={() =>
          onChange((d) => ({
            ...d,
            creatives: d.creatives.map((c) => (c.lang === lang ? { ...c, [own]: null } : c)),
          }))
        }
      />
    )
  }

  const label = (section: (typeof SECTIONS)[number]) => {
    const title = t(`siteContent.other.sections.${section}`)
    const n = count(section)
    return n > 0 ? t('siteContent.other.withProblems', { section: title, count: n }) : title
  }

  const bodies = {
    seo: (
      <Seo
        seo={settings?.seo ?? null}
        onChange={setSeo}
        locked={!plan.features.settingTagSeo}
        problems={saved.seo}
      />
    ),
    sns: (
      <>
        {bottomBar('sns')}
        <Sns sns={settings?.sns ?? NO_LINKS} onChange={setSns} problems={saved.sns} inherited={inherited} />
      </>
    ),
    forms: <Forms lang={lang} forms={forms} onChange={setForms} plan={plan} problems={saved.forms} />,
    company: (
      <>
        {bottomBar('company')}
        <CompanyPart
          company={settings?.company ?? null}
          lang={lang}
          onChange={setCompany}
          problems={saved.company}
        />
      </>
    ),
  }

  return (
    <Form layout="vertical" component={false} disabled={readOnly || undefined}>
      <Typography.Paragraph type="secondary">
        {t('siteContent.other.intro', { lang: t(`siteContent.langs.${lang}`) })}
      </Typography.Paragraph>
      <Collapse
        defaultActiveKey={[...SECTIONS]}
        items={SECTIONS.map((section) => ({
          key: section,
          label: label(section),
          children: (
            <section aria-label={t(`siteContent.other.sections.${section}`)}>{bodies[section]}</section>
          ),
        }))}
      />
    </Form>
  )
}
