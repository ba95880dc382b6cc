import { PLAN_FEATURE_MESSAGES, SiteFormsSchema } from '@swipe/shared'
import type { SiteLanguage } from '@swipe/shared/site/model'
import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../../i18n/index.ts'
import type { SiteForms, SitePlan } from '../../api.ts'
import { type FieldProblem, problemsUnder } from '../draft.ts'
import { FormBuilder, type FormKindKey } from './FormBuilder.tsx'
import { issuesOf, relativeTo } from './model.ts'

const KINDS: readonly FormKindKey[] = ['contact', 'membership', 'homepage']

/**
 * The three visitor forms of a language (SPEC §3 Form field definition): お問い合わせ, 会員登録 and
 * ホームページフォーム, each its own builder. The shared SiteFormsSchema checks them as the user edits.
 */
export const FormsSection = ({
  lang,
  forms,
  onChange,
  plan,
  problems,
}: {
  /** The content language being edited. */
  lang: SiteLanguage
  forms: SiteForms
  onChange: (update: (forms: SiteForms) => SiteForms) => void
  plan: SitePlan
  /** The last save's problems, relative to this language's `forms`. */
  problems: readonly FieldProblem[]
}) => {
  const { t } = useTranslation()
  const found = issuesOf(SiteFormsSchema, forms)
  return (
    <Tabs
      items={KINDS.map((kind) => {
        const title = t(`siteContent.forms.kinds.${kind}`)
        const count = problemsUnder(found, kind).length + problemsUnder(problems, kind).length
        return {
          key: kind,
          label: count > 0 ? t('siteContent.forms.kindWithProblems', { form: title, count }) : title,
          children: (
            <FormBuilder
              kind={kind}
              lang={lang}
              title={title}
              form={forms[kind]}
              lockedReason={
                kind === 'contact' && !plan.features.settingFormContact
                  ? tShared(PLAN_FEATURE_MESSAGES.settingFormContact)
                  : null
              }
              found={relativeTo(found, kind)}
              saved={relativeTo(problems, kind)}
              onChange={(update) =>
                onChange((current) => ({ ...current, [kind]: update(current[kind]) }) as SiteForms)
              }
            />
          ),
        }
      })}
    />
  )
}
