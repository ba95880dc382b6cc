import { Button, Col, Empty, Flex, Form, Row, Typography } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Creative } from '../../api.ts'
import { type EditorTabProps, problemsUnder } from '../draft.ts'
import { MEDIA_RULE } from '../upload.ts'
import { BulkZipDialog } from './bulk/BulkZipDialog.tsx'
import { CopyFromLanguage } from './CopyFromLanguage.tsx'
import { CreativeDetail } from './CreativeDetail.tsx'
import { CreativeGrid, type GridCell } from './CreativeGrid.tsx'
import { FRAME, gridPositions, newCreative, updateCreative } from './model.ts'
import { planPlacement, startIndex } from './placement.ts'
import { UploadProgressList } from './UploadProgressList.tsx'
import { type OnUploaded, useCreativeUploads } from './useCreativeUploads.ts'

/**
 * The creative settings tab (SPEC §2, §3 Creative detail): the current language's grid of cells
 * with their media, uploads by drop, button or ZIP, and the selected cell's details.
 */
export const CreativeSettingsTab = (props: EditorTabProps) => {
  const {
    draft,
    lang,
    onChange,
    readOnly,
    problems,
    mediaUrl,
    addMedia,
    siteId,
    openComments,
    changedCells,
    onSelectCell,
    focusCell,
  } = props
  const { t } = useTranslation()
  const rows = draft.globalSetting.numberHorizontal
  const columns = draft.globalSetting.numberVertical
  const positions = useMemo(() => gridPositions(rows, columns), [rows, columns])
  const [chosen, setChosen] = useState<string | null>(null)
  // The frame opens a cell (a checklist item): it is selected as if clicked.
  useEffect(() => {
    if (focusCell) setChosen(focusCell.position)
  }, [focusCell])
  const [bulkOpen, setBulkOpen] = useState(false)
  const picker = useRef<HTMLInputElement | null>(null)
  const uploads = useCreativeUploads(siteId)
  // A grid change may take the chosen cell away.
  const selected = chosen && positions.includes(chosen) ? chosen : null
  useEffect(() => onSelectCell?.(selected), [onSelectCell, selected])

  const entries = useMemo(() => {
    const map = new Map<string, { creative: Creative; index: number }>()
    draft.creatives.forEach((creative, index) => {
      if (creative.lang === lang) map.set(creative.position, { creative, index })
    })
    return map
  }, [draft.creatives, lang])

  const cells: GridCell[] = positions.map((position) => {
    const entry = entries.get(position)
    return {
      position,
      creative: entry?.creative,
      hasProblems: entry ? problemsUnder(problems, `creatives.${entry.index}`).length > 0 : false,
      openComments: openComments?.[`${lang}:${position}`] ?? 0,
      changed: changedCells?.has(`${lang}:${position}`) ?? false,
    }
  })
  const filled = new Set(cells.filter((c) => c.creative?.mediaKey).map((c) => c.position))
  const firstTarget = positions[startIndex(positions, selected, filled)]

  // Bound to the language the files were dropped in, should the user switch while they go up.
  const placeInto =
    (batchLang: typeof lang): OnUploaded =>
    (position, upload) => {
      addMedia(upload.key, upload.url)
      onChange((d) =>
        updateCreative(d, batchLang, position, (c) => ({
          ...c,
          mediaKey: upload.key,
          mediaType: upload.mediaType,
        })),
      )
    }

  // Cell-named files go to their cells, the others fill free cells (placement.ts); a
  // replacement goes to the cell it was chosen for.
  const placeFiles = (files: File[], target?: string) => {
    if (readOnly || files.length === 0) return
    const grid = { rows, columns }
    const { placements, refused } = planPlacement(files, grid, { filled, selected, target })
    uploads.start(placements, refused, placeInto(lang))
  }

  const update = (position: string) => (change: (creative: Creative) => Creative) =>
    onChange((d) => updateCreative(d, lang, position, change))

  const entry = selected ? entries.get(selected) : undefined
  const maxMb = Math.round(MEDIA_RULE.maxBytes / (1024 * 1024))

  return (
    <Form layout="vertical" component={false} disabled={readOnly || undefined}>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={9}>
          <Flex vertical gap={12}>
            <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
              {t('siteContent.creative.gridTitle', { lang: t(`siteContent.langs.${lang}`), rows, columns })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('siteContent.creative.recommend', { width: FRAME.width, height: FRAME.height })}{' '}
              {t('siteContent.upload.rules', { maxMb })}
            </Typography.Text>
            <CreativeGrid
              rows={rows}
              columns={columns}
              cells={cells}
              selected={selected}
              onSelect={setChosen}
              onFiles={(files) => placeFiles(files)}
              mediaUrl={mediaUrl}
              disabled={readOnly}
            />
            <Typography.Text type="secondary">
              {firstTarget
                ? t('siteContent.upload.dropHint', { position: firstTarget })
                : t('siteContent.upload.gridFull')}
            </Typography.Text>
            <Flex gap={8} wrap>
              <input
                ref={picker}
                type="file"
                multiple
                hidden
                accept={MEDIA_RULE.extensions.map((ext) => `.${ext}`).join(',')}
                aria-label={t('siteContent.upload.chooseFiles')}
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])]
                  event.target.value = ''
                  placeFiles(files)
                }}
              />
              <Button disabled={readOnly} onClick={() => picker.current?.click()}>
                {t('siteContent.upload.addFiles')}
              </Button>
              <Button disabled={readOnly} onClick={() => setBulkOpen(true)}>
                {t('siteContent.bulk.open')}
              </Button>
              <CopyFromLanguage tab={props} positions={positions} />
            </Flex>
            <UploadProgressList
              items={uploads.items}
              busy={uploads.busy}
              onCancel={uploads.cancel}
              onClear={uploads.clear}
            />
          </Flex>
        </Col>
        <Col xs={24} xl={15}>
          {selected ? (
            <>
              <Typography.Title level={3} style={{ fontSize: 16 }}>
                {t('siteContent.creative.detailTitle', { position: selected })}
              </Typography.Title>
              <CreativeDetail
                key={`${lang}-${selected}`}
                tab={props}
                creative={entry?.creative ?? newCreative(lang, selected)}
                index={entry?.index ?? -1}
                update={update(selected)}
                uploading={uploads.busy}
                onReplace={(file) => placeFiles([file], selected)}
              />
            </>
          ) : (
            <Empty description={t('siteContent.creative.selectCell')} />
          )}
        </Col>
      </Row>
      {bulkOpen && <BulkZipDialog tab={props} onClose={() => setBulkOpen(false)} />}
    </Form>
  )
}
