import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '@swipe/shared'
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Modal,
  Progress,
  Spin,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../i18n/index.ts'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { type FileRule, fileProblem, isAbort, saveBlob } from '../../lib/files.ts'
import { useToast } from '../../lib/toast.ts'
import {
  type ImportCellError,
  type ImportReport,
  type ImportRowStatus,
  useImportUsers,
  usePreviewImport,
} from './api.ts'
import { IMPORT_COLUMNS, IMPORT_TEMPLATE_NAME, importTemplate } from './importTemplate.ts'

const MAX_MB = CSV_IMPORT_MAX_BYTES / (1024 * 1024)
const CSV_RULE: FileRule = { extensions: ['csv'], maxBytes: CSV_IMPORT_MAX_BYTES }

const STATUS_COLORS: Record<ImportRowStatus, string> = { new: 'blue', existing: 'default', error: 'red' }

/**
 * The problems of a refused import (400 `import.invalid`): the server names each as
 * `row.{line}.{column}`. Null for any other error.
 */
export const importErrorsOf = (error: unknown): ImportCellError[] | null => {
  if (!(error instanceof ApiError) || error.status !== 400 || error.code !== 'import.invalid') return null
  return error.details.map((detail) => {
    const match = /^row\.(\d+)\.(.*)$/.exec(detail.path)
    return {
      row: match ? Number(match[1]) : 0,
      column: match ? (match[2] ?? '') : detail.path,
      code: detail.code,
      message: detail.message,
    }
  })
}

/** A titled part of the dialog; a landmark with the title as its name. */
const Part = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId()
  return (
    <section aria-labelledby={id} style={{ marginTop: 16 }}>
      <Typography.Title level={2} id={id} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  )
}

/**
 * CSV import of users (SPEC §2, §5): pick a file, it goes up to a presigned URL, the server checks
 * every row and reports; only a file without errors can be imported, all rows or none.
 * Mounted only while open, so each opening starts afresh.
 */
export const UserImportDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const preview = usePreviewImport()
  const importUsers = useImportUsers()
  const [fileName, setFileName] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [progress, setProgress] = useState(0)
  const [checked, setChecked] = useState<{ key: string; report: ImportReport } | null>(null)
  const [refusedRows, setRefusedRows] = useState<ImportCellError[] | null>(null)
  const upload = useRef<AbortController | null>(null)
  // Closing the dialog stops an upload still under way.
  useEffect(() => () => upload.current?.abort(), [])

  const choose = (file: File) => {
    upload.current?.abort()
    preview.reset()
    importUsers.reset()
    setChecked(null)
    setRefusedRows(null)
    setProgress(0)
    setFileName(file.name)
    const problem = fileProblem(file, CSV_RULE)
    setRefusal(problem)
    if (problem) return
    const controller = new AbortController()
    upload.current = controller
    preview.mutate({ file, onProgress: setProgress, signal: controller.signal }, { onSuccess: setChecked })
  }

  const errors = refusedRows ?? checked?.report.errors ?? []
  const busy = preview.isPending || importUsers.isPending
  const canImport = checked !== null && errors.length === 0 && !busy

  const submit = () => {
    if (!checked || !canImport) return
    importUsers.mutate(checked.key, {
      onSuccess: (data) => {
        toast.success(
          data.message ??
            tShared('import.done', { created: data.createdCount, existing: data.existingCount }),
        )
        onClose()
      },
      onError: (error) => setRefusedRows(importErrorsOf(error)),
    })
  }

  const errorColumns: ColumnsType<ImportCellError & { key: string }> = [
    {
      key: 'row',
      title: t('users.import.errorColumns.row'),
      render: (_, error) => (error.row > 0 ? error.row : '-'),
      width: 72,
    },
    { key: 'column', title: t('users.import.errorColumns.column'), dataIndex: 'column' },
    { key: 'content', title: t('users.import.errorColumns.content'), dataIndex: 'message' },
  ]

  const rowColumns: ColumnsType<ImportReport['rows'][number]> = [
    { key: 'row', title: t('users.import.errorColumns.row'), dataIndex: 'row', width: 72 },
    { key: 'email', title: t('users.fields.email'), render: (_, row) => row.email || '-' },
    {
      key: 'status',
      title: t('users.import.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLORS[row.status]}>
          {t(`users.import.rowStatuses.${row.status}`, { defaultValue: row.status })}
        </Tag>
      ),
    },
  ]

  const failure = (() => {
    if (preview.isError && !isAbort(preview.error)) return errorMessage(preview.error)
    if (importUsers.isError && !refusedRows) return errorMessage(importUsers.error)
    return null
  })()

  const report = checked?.report

  return (
    <Modal
      open
      title={t('users.import.title')}
      width={760}
      okText={t('users.import.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !canImport && !importUsers.isPending, loading: importUsers.isPending }}
      cancelButtonProps={{ disabled: importUsers.isPending }}
      onOk={submit}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('users.import.description')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('users.import.formats', { maxRows: CSV_IMPORT_MAX_ROWS, maxMb: MAX_MB })}
      </Typography.Paragraph>

      <Part title={t('users.import.columnsTitle')}>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={IMPORT_COLUMNS.map((column) => ({
            key: column.field,
            label: (
              <Flex gap={8} align="center" wrap>
                <span>{column.header}</span>
                <Tag color={column.required ? 'red' : 'default'}>
                  {t(column.required ? 'users.import.required' : 'users.import.optional')}
                </Tag>
              </Flex>
            ),
            children: t(`users.import.columns.${column.field}`),
          }))}
        />
        <Button style={{ marginTop: 12 }} onClick={() => saveBlob(importTemplate(), IMPORT_TEMPLATE_NAME)}>
          {t('users.import.template')}
        </Button>
      </Part>

      <div style={{ marginTop: 16 }}>
        <Upload.Dragger
          // Every file reaches the check below, so a dropped file of the wrong type is refused by name.
          accept={{ format: '.csv', filter: 'native' }}
          multiple={false}
          showUploadList={false}
          disabled={busy}
          aria-label={t('users.import.select')}
          beforeUpload={(file) => {
            choose(file)
            return Upload.LIST_IGNORE
          }}
        >
          <p className="ant-upload-text">{t('users.import.dropHint')}</p>
          <p className="ant-upload-hint">{t('users.import.dropSub', { maxMb: MAX_MB })}</p>
        </Upload.Dragger>
      </div>

      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 16 }} />}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} />}

      {preview.isPending &&
        (progress < 100 ? (
          <div style={{ marginTop: 16 }}>
            <Typography.Text>{t('users.import.uploading')}</Typography.Text>
            <Progress percent={progress} aria-label={t('upload.progress')} />
          </div>
        ) : (
          <Flex style={{ marginTop: 16 }}>
            <Spin description={t('users.import.checking')} />
          </Flex>
        ))}

      {report && (
        <Part title={t('users.import.resultTitle')}>
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            size="small"
            bordered
            items={[
              { key: 'file', label: t('users.import.file'), children: fileName ?? '-', span: 'filled' },
              {
                key: 'encoding',
                label: t('users.import.encoding'),
                children: t(`users.import.encodings.${report.encoding}`, { defaultValue: report.encoding }),
              },
              { key: 'total', label: t('users.import.totalRows'), children: report.totalRows },
              { key: 'new', label: t('users.import.newCount'), children: report.newCount },
              { key: 'existing', label: t('users.import.existingCount'), children: report.existingCount },
              { key: 'errors', label: t('users.import.errorCount'), children: errors.length },
            ]}
          />
          {report.existingCount > 0 && errors.length === 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('users.import.existingNotice')}
            </Typography.Paragraph>
          )}
        </Part>
      )}

      {errors.length > 0 && (
        <Part title={t('users.import.errorsTitle')}>
          <Alert type="error" showIcon title={t('users.import.errorsNotice')} style={{ marginBottom: 12 }} />
          <Table
            size="small"
            rowKey="key"
            columns={errorColumns}
            dataSource={errors.map((error, index) => ({ ...error, key: `${index}` }))}
            pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          />
        </Part>
      )}

      {report && report.rows.length > 0 && (
        <Part title={t('users.import.rowsTitle')}>
          <Table
            size="small"
            rowKey="row"
            columns={rowColumns}
            dataSource={report.rows}
            pagination={report.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          />
        </Part>
      )}
    </Modal>
  )
}
