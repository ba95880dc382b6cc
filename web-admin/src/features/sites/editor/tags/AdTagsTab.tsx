import { PLAN_FEATURE_MESSAGES } from '@swipe/shared'
import { AD_VENDOR_INFO, AD_VENDORS, type AdVendor, SiteTagsSchema } from '@swipe/shared/site/tags-vendors'
import { Alert, Card, ConfigProvider, Flex, Input, Radio, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { currentLocale, tShared } from '../../../../i18n/index.ts'
import { Field, firstProblem } from '../creatives/Field.tsx'
import { type EditorTabProps, problemAt } from '../draft.ts'
import { issuesOf, relativeTo } from '../other/model.ts'
import {
  EVENTS,
  fieldsOf,
  setConsent,
  setVendorField,
  switchVendor,
  tagsOf,
  type VENDOR_FIELDS,
  vendorsOn,
} from './adTagsModel.ts'
import { IdField, monospace } from './IdField.tsx'
import { MessageMatch } from './MessageMatch.tsx'
import { ServerConversions } from './ServerConversions.tsx'

/** The label keys of every vendor's ID fields (siteEditor.adTags.fields.<vendor>.<field>). */
type FieldLabelKey = {
  [V in keyof typeof VENDOR_FIELDS]: `siteEditor.adTags.fields.${V}.${(typeof VENDOR_FIELDS)[V]['ids'][number]}`
}[keyof typeof VENDOR_FIELDS]

/**
 * Ad and analytics tags by ID (issue 32): a switch per vendor, its IDs checked as they are typed
 * (shared SiteTagsSchema, the same rules as the save), per-event conversion labels where the vendor
 * needs them, and how visitors are asked. The published page loads them from a first-party file
 * only after "accept" (or at once in notice-only mode), and publishes the external-transmission
 * notice from this list. Below the vendors, the server-side conversion destinations
 * (ServerConversions). A plan without `settingTagSeo` shows why and keeps all of that disabled.
 * Last, message match (MessageMatch): which creative an ad's visitors open on; no plan feature.
 */
export const AdTagsTab = ({ siteId, version, draft, onChange, readOnly, plan, problems }: EditorTabProps) => {
  const { t } = useTranslation()
  const locked = !plan.features.settingTagSeo
  const tags = tagsOf(draft)
  const on = new Set(vendorsOn(tags))
  const found = issuesOf(SiteTagsSchema, tags)
  const saved = relativeTo(problems, 'globalSetting.adTags')
  const at = (path: string) => firstProblem(problemAt(found, path), problemAt(saved, path))
  const lang = currentLocale()

  return (
    <ConfigProvider componentDisabled={readOnly || locked || undefined}>
      <Flex vertical gap={16} style={{ maxWidth: 820 }}>
        {locked && <Alert type="info" showIcon title={tShared(PLAN_FEATURE_MESSAGES.settingTagSeo)} />}
        <Typography.Paragraph style={{ margin: 0 }}>{t('siteEditor.adTags.lead')}</Typography.Paragraph>
        <Card size="small" title={t('siteEditor.adTags.consent')}>
          <Radio.Group
            aria-label={t('siteEditor.adTags.consent')}
            value={tags.consent ?? 'opt-in'}
            onChange={(event) => onChange(setConsent(event.target.value))}
            options={[
              { value: 'opt-in', label: t('siteEditor.adTags.consentModes.opt-in') },
              { value: 'notice-only', label: t('siteEditor.adTags.consentModes.notice-only') },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t(`siteEditor.adTags.consentHelp.${tags.consent ?? 'opt-in'}`)}
          </Typography.Paragraph>
          {at('consent') && (
            <Typography.Paragraph type="danger" style={{ margin: '8px 0 0' }}>
              {at('consent')}
            </Typography.Paragraph>
          )}
        </Card>
        {AD_VENDORS.map((vendor: AdVendor) => {
          const info = AD_VENDOR_INFO[vendor]
          const fields = fieldsOf(vendor)
          const enabled = on.has(vendor)
          const values = ((tags.vendors as Record<string, Record<string, unknown>>)[vendor] ?? {}) as Record<
            string,
            unknown
          >
          const name = info.name[lang]
          return (
            <Card
              key={vendor}
              size="small"
              data-vendor={vendor}
              title={name}
              extra={
                <Switch
                  checked={enabled}
                  aria-label={t('siteEditor.adTags.enable', { name })}
                  onChange={(checked) => onChange(switchVendor(vendor, checked))}
                />
              }
            >
              {!enabled ? (
                <Typography.Text type="secondary">{t('siteEditor.adTags.off')}</Typography.Text>
              ) : (
                <>
                  {fields.ids.map((field) => (
                    <IdField
                      key={field.key}
                      label={t(`siteEditor.adTags.fields.${vendor}.${field.key}` as FieldLabelKey)}
                      problem={at(`vendors.${vendor}.${field.key}`)}
                      example={field.example}
                      value={String(values[field.key] ?? '')}
                      onChange={(value) => onChange(setVendorField(vendor, field.key, value))}
                    />
                  ))}
                  {fields.perEvent && (
                    <details>
                      <summary>{t(`siteEditor.adTags.perEvent.${fields.perEvent}`)}</summary>
                      {EVENTS.map((event) => {
                        const map = (values[fields.perEvent!] ?? {}) as Record<string, string>
                        return (
                          <Field
                            key={event}
                            label={t(`siteEditor.adTags.events.${event}`)}
                            problem={at(`vendors.${vendor}.${fields.perEvent}.${event}`)}
                          >
                            {(id) => (
                              <Input
                                id={id}
                                value={map[event] ?? ''}
                                spellCheck={false}
                                autoComplete="off"
                                style={monospace}
                                onChange={(e) =>
                                  onChange(setVendorField(vendor, fields.perEvent!, e.target.value, event))
                                }
                              />
                            )}
                          </Field>
                        )
                      })}
                    </details>
                  )}
                  {info.needsInlineScripts && (
                    <Alert type="warning" showIcon title={tShared('adTags.inlineScripts')} />
                  )}
                </>
              )}
            </Card>
          )
        })}
        <ServerConversions
          siteId={siteId}
          version={version}
          tags={tags}
          onChange={onChange}
          readOnly={readOnly}
          plan={plan}
          at={at}
        />
        <MessageMatch draft={draft} onChange={onChange} readOnly={readOnly} problems={problems} />
      </Flex>
    </ConfigProvider>
  )
}
