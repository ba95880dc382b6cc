import { Form } from 'antd'
import { useTranslation } from 'react-i18next'
import type { EditorTabProps } from '../draft.ts'
import { ImageUpload } from '../fields/ImageUpload.tsx'
import { uploadSiteFile } from '../upload.ts'
import { patchGlobal } from './settingsModel.ts'

/** Recommended sizes (SPEC §9). */
const SIZES = { favicon: { width: 256, height: 256 }, logo: { width: 250, height: 150 } } as const

type BrandingProps = Pick<
  EditorTabProps,
  'siteId' | 'draft' | 'readOnly' | 'mediaUrl' | 'addMedia' | 'onChange'
>

/** The favicon and the logo: uploaded on their own (logo URL endpoint), attached by storage key. */
export const BrandingFields = ({ siteId, draft, readOnly, mediaUrl, addMedia, onChange }: BrandingProps) => {
  const { t } = useTranslation()
  const fields = [
    { purpose: 'favicon', key: draft.globalSetting.faviconKey, field: 'faviconKey' },
    { purpose: 'logo', key: draft.globalSetting.logoKey, field: 'logoKey' },
  ] as const
  return (
    <>
      {fields.map(({ purpose, key, field }) => (
        <Form.Item key={purpose} label={t(`siteEditor.settings.${purpose}`)}>
          <ImageUpload
            label={t(`siteEditor.settings.${purpose}Select`)}
            hint={t('siteEditor.upload.hint', SIZES[purpose])}
            storageKey={key}
            previewUrl={mediaUrl(key)}
            previewAlt={t(`siteEditor.settings.${purpose}Preview`)}
            removeLabel={t(`siteEditor.settings.${purpose}Remove`)}
            disabled={readOnly}
            upload={(file, options) => uploadSiteFile(siteId, file, { ...options, purpose })}
            onUploaded={(upload) => {
              addMedia(upload.key, upload.url)
              onChange(patchGlobal({ [field]: upload.key }))
            }}
            onRemove={() => onChange(patchGlobal({ [field]: null }))}
          />
        </Form.Item>
      ))}
    </>
  )
}
