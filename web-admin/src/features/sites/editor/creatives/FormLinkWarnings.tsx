import type { SiteLanguage } from '@swipe/shared'
import { type DisabledFormLink, disabledFormLinks, type LinkedForm } from '@swipe/shared/site/form-links'
import { Alert, type App, Button, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Creative } from '../../api.ts'
import type { EditorTabProps, SiteDraft } from '../draft.ts'
import { formsOf, updateSettings } from '../other/model.ts'

/** Where a disabled-form link sits in a creative, in words: its button, a product, a point. */
export const useFormLinkPlace = () => {
  const { t } = useTranslation()
  return (link: DisabledFormLink) =>
    t(`siteContent.formLink.places.${link.place}`, { position: link.position, n: (link.index ?? 0) + 1 })
}

/**
 * The creative's links to forms that are off in its language
 * (docs/decisions/0020-form-links-and-bottom-bar-defaults.md): what the visitor would see, and one click to
 * enable the form in the draft (saved with the next save). The contact form also needs its recipient address.
 */
export const FormLinkWarnings = ({ tab, creative }: { tab: EditorTabProps; creative: Creative }) => {
  const { t } = useTranslation()
  const placeOf = useFormLinkPlace()
  const lang = creative.lang as SiteLanguage
  const links = disabledFormLinks({ languages: [lang], creatives: [creative], settings: tab.draft.settings })
  if (links.length === 0) return null
  const forms = formsOf(
    tab.draft.settings.find((s) => s.lang === lang),
    lang,
  )
  const byForm = new Map<LinkedForm, DisabledFormLink[]>()
  for (const link of links) byForm.set(link.form, [...(byForm.get(link.form) ?? []), link])
  const enable = (form: LinkedForm) =>
    tab.onChange((draft) =>
      updateSettings(draft, lang, (s) => {
        const current = formsOf(s, lang)
        return { ...s, forms: { ...current, [form]: { ...current[form], enabled: true } } }
      }),
    )
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {[...byForm].map(([form, found]) => (
        <Alert
          key={form}
          type="warning"
          showIcon
          role="alert"
          message={t('siteContent.formLink.disabled', {
            form: t(`siteContent.formLink.forms.${form}`),
            lang: t(`siteContent.langs.${lang}`),
            places: found.map(placeOf).join(t('siteContent.formLink.separator')),
          })}
          description={
            form === 'contact' && !forms.contact.recipientEmail
              ? t('siteContent.formLink.needsRecipient')
              : undefined
          }
          action={
            tab.readOnly ? undefined : (
              <Button size="small" onClick={() => enable(form)}>
                {t('siteContent.formLink.enable', { form: t(`siteContent.formLink.forms.${form}`) })}
              </Button>
            )
          }
        />
      ))}
    </Flex>
  )
}

/** The draft's links to disabled forms, in every language of the site. */
export const draftFormLinks = (draft: SiteDraft) =>
  disabledFormLinks({
    languages: draft.globalSetting.languages,
    popupCtas: draft.globalSetting.popupCtas,
    creatives: draft.creatives,
    settings: draft.settings,
  })

/**
 * Before a publish (public or private): lists the draft's links to disabled forms and asks whether
 * to publish anyway. Resolves true when there are none or the creator goes on. A draft save never asks.
 */
export const useConfirmFormLinks = () => {
  const { t } = useTranslation()
  const placeOf = useFormLinkPlace()
  return (modal: ReturnType<typeof App.useApp>['modal'], draft: SiteDraft): Promise<boolean> => {
    const links = draftFormLinks(draft)
    if (links.length === 0) return Promise.resolve(true)
    return new Promise((resolve) => {
      modal.confirm({
        title: t('siteContent.formLink.confirmTitle'),
        content: (
          <>
            <p>{t('siteContent.formLink.confirmContent')}</p>
            <ul>
              {links.map((link) => (
                <li key={`${link.lang}-${link.place}-${link.position ?? ''}-${link.index ?? ''}`}>
                  {t(`siteContent.langs.${link.lang as SiteLanguage}`)}: {placeOf(link)} →{' '}
                  {t(`siteContent.formLink.forms.${link.form}`)}
                </li>
              ))}
            </ul>
          </>
        ),
        okText: t('siteContent.formLink.confirmOk'),
        cancelText: t('siteContent.formLink.confirmCancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      })
    })
  }
}
