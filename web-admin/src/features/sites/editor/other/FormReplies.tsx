import { FORM_LIMITS } from '@swipe/shared'
import type { SiteLanguage } from '@swipe/shared/site/model'
import { FORM_TEXTS } from '@swipe/shared/site/texts'
import { Input, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import type { SiteForms } from '../../api.ts'
import { Field } from '../creatives/Field.tsx'

export type RepliedForm = SiteForms['contact'] | SiteForms['homepage']

/**
 * What a contact or homepage form sends back (docs/decisions/0027-visitor-form-pages.md "Form replies and
 * closed forms"): the sent page's words, and an automatic reply mail to the address the visitor typed.
 */
export const FormReplies = ({
  lang,
  form,
  onChange,
  problemAt,
}: {
  lang: SiteLanguage
  form: RepliedForm
  onChange: (patch: Partial<Pick<RepliedForm, 'successText' | 'autoReply'>>) => void
  problemAt: (path: string) => string | undefined
}) => {
  const { t } = useTranslation()
  const reply = form.autoReply ?? { enabled: false, subject: '', body: '' }
  const setReply = (patch: Partial<typeof reply>) => onChange({ autoReply: { ...reply, ...patch } })
  return (
    <>
      <Field
        label={t('siteContent.forms.successText')}
        problem={problemAt('successText')}
        extra={t('siteContent.forms.successHint', { text: FORM_TEXTS[lang].sentText })}
      >
        {(id) => (
          <Input.TextArea
            id={id}
            value={form.successText ?? ''}
            maxLength={FORM_LIMITS.successText}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(event) => onChange({ successText: event.target.value })}
          />
        )}
      </Field>
      <Field
        label={t('siteContent.forms.autoReply')}
        problem={problemAt('autoReply.enabled')}
        extra={t('siteContent.forms.autoReplyHint')}
      >
        {(id) => <Switch id={id} checked={reply.enabled} onChange={(enabled) => setReply({ enabled })} />}
      </Field>
      {reply.enabled && (
        <>
          <Field
            label={t('siteContent.forms.replySubject')}
            problem={problemAt('autoReply.subject')}
            extra={t('siteContent.forms.replySubjectHint')}
          >
            {(id) => (
              <Input
                id={id}
                value={reply.subject}
                maxLength={FORM_LIMITS.replySubject}
                showCount
                onChange={(event) => setReply({ subject: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('siteContent.forms.replyBody')} required problem={problemAt('autoReply.body')}>
            {(id) => (
              <Input.TextArea
                id={id}
                value={reply.body}
                maxLength={FORM_LIMITS.replyBody}
                showCount
                autoSize={{ minRows: 4, maxRows: 12 }}
                onChange={(event) => setReply({ body: event.target.value })}
              />
            )}
          </Field>
        </>
      )}
    </>
  )
}
