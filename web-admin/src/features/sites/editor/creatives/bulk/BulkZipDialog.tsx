import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Flex, Modal, Progress, Spin, Typography, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../../../i18n/index.ts'
import { siteKeys } from '../../../api.ts'
import type { EditorTabProps } from '../../draft.ts'
import { MEDIA_RULE } from '../../upload.ts'
import { BulkReport } from './BulkReport.tsx'
import { useDraftMayBeUnsaved } from './unsavedDraft.ts'
import { BULK_ZIP_MAX_BYTES, useBulkUpload, zipProblem } from './useBulkUpload.ts'

const ZIP_MAX_GB = BULK_ZIP_MAX_BYTES / (1024 * 1024 * 1024)
const FILE_MAX_MB = Math.round(MEDIA_RULE.maxBytes / (1024 * 1024))

/**
 * "ZIPで一括アップロード" (SPEC §7, §9): one ZIP of images and videos, placed by the server into the
 * current language's cells and saved on the site at once. Mounted only while open, so each
 * opening starts afresh; closing it while the ZIP goes up cancels the upload.
 */
export const BulkZipDialog = ({ tab, onClose }: { tab: EditorTabProps; onClose: () => void }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { state, start, cancel } = useBulkUpload({
    siteId: tab.siteId,
    lang: tab.lang,
    version: tab.version,
    onPlaced: (site, lang) => {
      // The placement is stored: the loaded site is now this one (what the draft is compared with).
      queryClient.setQueryData(siteKeys.detail(tab.siteId), site)
      tab.onServerSite(site, lang)
    },
  })
  const unsaved = useDraftMayBeUnsaved(tab.siteId, tab.draft, tab.version)
  const [fileName, setFileName] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const uploading = state.phase === 'uploading'
  const processing = state.phase === 'processing'
  const busy = uploading || processing

  const choose = (file: File) => {
    setFileName(file.name)
    const problem = zipProblem(file)
    setRefusal(problem)
    if (!problem) void start(file)
  }

  // Closing is the dialog's own close button; while the ZIP goes up, the footer offers to stop it.
  const footer = uploading ? <Button onClick={cancel}>{t('siteContent.bulk.cancel')}</Button> : null

  return (
    <Modal
      open
      title={t('siteContent.bulk.title')}
      width={720}
      footer={footer}
      closable={!processing}
      keyboard={!processing}
      mask={{ closable: false }}
      onCancel={() => {
        if (processing) return
        cancel()
        onClose()
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('siteContent.bulk.description', { lang: t(`siteContent.langs.${tab.lang}`) })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('siteContent.bulk.limits', { maxGb: ZIP_MAX_GB, maxMb: FILE_MAX_MB })}
      </Typography.Paragraph>
      {unsaved && (
        <Alert
          type="warning"
          showIcon
          title={t('siteContent.bulk.unsavedTitle')}
          description={t('siteContent.bulk.unsavedDescription')}
          style={{ marginBottom: 16 }}
        />
      )}

      <Upload.Dragger
        // Every file reaches the check below, so a dropped file of another type is refused by name.
        accept={{ format: '.zip', filter: 'native' }}
        multiple={false}
        showUploadList={false}
        disabled={busy || tab.readOnly}
        aria-label={t('siteContent.bulk.select')}
        beforeUpload={(file) => {
          choose(file)
          return Upload.LIST_IGNORE
        }}
      >
        <p className="ant-upload-text">{t('siteContent.bulk.dropHint')}</p>
        <p className="ant-upload-hint">{t('siteContent.bulk.dropSub', { maxGb: ZIP_MAX_GB })}</p>
      </Upload.Dragger>

      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 16 }} />}
      {fileName && !refusal && state.phase !== 'idle' && (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          {t('siteContent.bulk.file', { file: fileName })}
        </Typography.Paragraph>
      )}

      {uploading && (
        <div style={{ marginTop: 8 }}>
          <Typography.Text>{t('siteContent.bulk.uploading')}</Typography.Text>
          <Progress percent={state.percent} aria-label={t('siteContent.bulk.progress')} />
        </div>
      )}
      {processing && (
        <Flex gap={12} align="center" style={{ marginTop: 16 }} role="status">
          <Spin />
          <Typography.Text>
            {state.total > 0
              ? t('siteContent.bulk.processing', { processed: state.processed, total: state.total })
              : t('siteContent.bulk.processingStart')}
          </Typography.Text>
        </Flex>
      )}
      {state.phase === 'done' && (
        <Alert type="success" showIcon title={state.message} style={{ marginTop: 16 }} />
      )}
      {state.phase === 'refused' && (
        <Alert
          type="error"
          showIcon
          title={tShared('zip.refused')}
          description={state.message && state.message !== tShared('zip.refused') ? state.message : undefined}
          style={{ marginTop: 16 }}
        />
      )}
      {state.phase === 'conflict' && (
        <Alert
          type="error"
          showIcon
          title={t('siteContent.bulk.conflictTitle')}
          description={t('siteContent.bulk.conflictDescription')}
          style={{ marginTop: 16 }}
        />
      )}
      {state.phase === 'failed' && (
        <Alert type="error" showIcon title={state.message} style={{ marginTop: 16 }} />
      )}
      {state.phase === 'cancelled' && (
        <Alert type="info" showIcon title={t('siteContent.bulk.cancelled')} style={{ marginTop: 16 }} />
      )}
      {(state.phase === 'done' || state.phase === 'refused' || state.phase === 'failed') &&
        state.report.length > 0 && (
          <section aria-label={t('siteContent.bulk.reportTitle')} style={{ marginTop: 16 }}>
            <Typography.Title level={3} style={{ fontSize: 15 }}>
              {t('siteContent.bulk.reportTitle')}
            </Typography.Title>
            <BulkReport report={state.report} />
          </section>
        )}
    </Modal>
  )
}
