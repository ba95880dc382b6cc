import { PLAN_FEATURE_MESSAGES, type SiteLanguage } from '@swipe/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Drawer, Flex, Space, Typography } from 'antd'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { LabeledSwitch } from '../../../../components/LabeledSwitch.tsx'
import { useUnsavedChangesPrompt } from '../../../../hooks/useUnsavedChangesPrompt.ts'
import { tShared } from '../../../../i18n/index.ts'
import { usePermission } from '../../../shell/permissions.tsx'
import { useCurrentUser } from '../../../shell/useCurrentUser.ts'
import { type SiteDetail, siteKeys } from '../../api.ts'
import { openCommentCounts, useComments } from '../../preview/api.ts'
import { LivePreview } from '../../preview/LivePreview.tsx'
import { ReviewComments } from '../../preview/ReviewComments.tsx'
import { ApprovalBanner } from '../approval/ApprovalBanner.tsx'
import { ApprovalSwitch } from '../approval/ApprovalSwitch.tsx'
import { approvalKeys, approvalQuery, mustRequest } from '../approval/approval-api.ts'
import { PublishRequestDialog } from '../approval/PublishRequestDialog.tsx'
import { useChecklistDialog } from '../checklist/ChecklistDialog.tsx'
import type { ChecklistItem } from '../checklist/checklist-api.ts'
import { targetOf } from '../checklist/checklistModel.ts'
import type { EditorTabProps } from '../draft.ts'
import { Experiments } from '../experiments/Experiments.tsx'
import type { VersionComparison } from '../history/history-api.ts'
import { CompareBanner } from '../history/VersionCompare.tsx'
import { VersionHistory } from '../history/VersionHistory.tsx'
import { PublishSchedule, PublishScheduleSummary } from '../schedule/PublishSchedule.tsx'
import { scheduleKeys } from '../schedule/schedule-api.ts'
import { EditorActions } from './EditorActions.tsx'
import { EditorTabs } from './EditorTabs.tsx'
import { addLanguage, type EditorTabKey, removeLanguage } from './editorModel.ts'
import { LanguageBar } from './LanguageBar.tsx'
import { LiveSiteState } from './LiveSiteState.tsx'
import { ProblemSummary } from './ProblemSummary.tsx'
import { PublishMediaNotice } from './PublishMediaNotice.tsx'
import { SiteStatusTag } from './SiteStatusTag.tsx'
import { useEditorActions } from './useEditorActions.ts'
import { useEditorState } from './useEditorState.ts'

interface SiteEditorProps {
  siteId: string
  /** The site as loaded; the editor keeps its own draft from here on. */
  site: SiteDetail
  reload: () => Promise<SiteDetail | undefined>
}

const noChange = () => {}

/**
 * The site editor frame: one draft for every tab, the content-language bar, the save and status
 * actions, whether the live site shows what is saved (with its link), and the problems that
 * stopped the last action.
 */
export const SiteEditor = ({ siteId, site, reload }: SiteEditorProps) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const info = useCurrentUser()
  const readOnly = usePermission('site:write') !== 'allowed'
  const canPublish = usePermission('site:publish') === 'allowed'
  const readsSubmissions = usePermission('submission:read') === 'allowed'
  const store = useEditorState(site)
  const queryClient = useQueryClient()
  const [tab, setTab] = useState<EditorTabKey>('settings')
  const [chosenLang, setChosenLang] = useState<SiteLanguage>(site.globalSetting.defaultLanguage)
  const [leaving, setLeaving] = useState(false)
  const listPath = `/${info.userTypeSegment}/site-list`
  // The cell a checklist item opens (a new object each time, so the same cell opens again).
  const [focusCell, setFocusCell] = useState<{ position: string } | null>(null)
  // 該当箇所へ (issue 33 part 4): the item's tab and language, its cell selected, or the comments.
  const openChecklistItem = (item: ChecklistItem) => {
    const target = targetOf(item)
    if (target.lang) setChosenLang(target.lang)
    setTab(target.tab)
    if (target.cell) setFocusCell({ position: target.cell })
    if (target.comments) setCommentsOpen(true)
  }
  const checklist = useChecklistDialog({ siteId, onOpenItem: openChecklistItem, dirty: store.dirty })
  // The approval gate (issue 33 part 5): without the right to approve, a publish is a request.
  const approval = useQuery(approvalQuery(siteId))
  const requestPublish = !readOnly && mustRequest(approval.data)
  const approvalRefusal = requestPublish ? t('siteEditor.approval.required') : null
  const [requestVersion, setRequestVersion] = useState<number | null>(null)
  const actions = useEditorActions({
    siteId,
    store,
    reload,
    onDeleted: () => setLeaving(true),
    publishGate: {
      request: requestPublish ? setRequestVersion : null,
      confirm: checklist.confirm,
      refused: checklist.refused,
      approvalRequired: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.site(siteId) }),
    },
  })
  // The live preview beside the form (issue 16): on by default where the screen has room for it.
  const [livePreview, setLivePreview] = useState(() => window.innerWidth >= 1440)
  const [editedCell, setEditedCell] = useState<string | null>(null)
  const [commentsOpen, setCommentsOpen] = useState(false)
  const comments = useComments(siteId)
  const openComments = useMemo(() => openCommentCounts(comments.data), [comments.data])
  const openTotal = Object.values(openComments).reduce((a, b) => a + b, 0)
  // Two versions compared (issue 33): the grid badges the cells that differ until it is closed.
  const [comparison, setComparison] = useState<VersionComparison | null>(null)
  const changedCells = useMemo(
    () => (comparison ? new Set(comparison.changes.cells) : undefined),
    [comparison],
  )

  // Registered before the effect below, so the blocker already knows the editor is clean.
  useUnsavedChangesPrompt(store.dirty && !readOnly)

  const left = useRef(false)
  const { forgetSite } = actions
  useEffect(() => {
    if (!leaving || store.dirty || left.current) return
    left.current = true
    void Promise.resolve(navigate(listPath)).then(forgetSite)
  }, [leaving, store.dirty, navigate, listPath, forgetSite])

  // A bulk upload stored creatives: the editor takes them, and the cache holds what is stored.
  const { acceptServerCreatives } = store
  const onServerSite = useCallback<EditorTabProps['onServerSite']>(
    (stored, lang) => {
      acceptServerCreatives(stored, lang)
      queryClient.setQueryData(siteKeys.detail(siteId), stored)
    },
    [acceptServerCreatives, queryClient, siteId],
  )

  const { globalSetting } = store.draft
  const languages = globalSetting.languages
  const lang = languages.includes(chosenLang) ? chosenLang : globalSetting.defaultLanguage
  const savedName = store.saved.globalSetting.name
  // After a rollback: the site's version and live state change on the server, the draft does not.
  const { acceptStatus } = store
  const reloadAfterRollback = async () => {
    const fresh = await reload()
    if (fresh) acceptStatus(fresh)
  }

  const tabProps: EditorTabProps = {
    siteId,
    draft: store.draft,
    lang,
    plan: store.plan,
    version: store.version,
    readOnly,
    mediaUrl: store.mediaUrl,
    addMedia: store.addMedia,
    onChange: readOnly ? noChange : store.change,
    onServerSite,
    problems: actions.problems,
    openComments,
    changedCells,
    onSelectCell: setEditedCell,
    focusCell,
  }

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('pages.siteDetail')}
      </Typography.Title>
      <Typography.Paragraph>
        <Space size={16} wrap>
          <Link to={listPath}>{t('siteEditor.backToList')}</Link>
          {readsSubmissions && (
            <Link to={`/${info.userTypeSegment}/site/${encodeURIComponent(siteId)}/submissions`}>
              {t('siteSubmissions.link')}
            </Link>
          )}
          <Link to={`/${info.userTypeSegment}/notification-delivery/${encodeURIComponent(siteId)}`}>
            {t('content.notice.siteLink')}
          </Link>
          <a href={`/site/${encodeURIComponent(siteId)}/preview`} target="_blank" rel="noopener">
            {t('preview.openPreview')}
          </a>
          <Button size="small" onClick={() => setCommentsOpen(true)}>
            {t('preview.comments.show', { count: openTotal })}
          </Button>
          <LabeledSwitch
            size="small"
            checked={livePreview}
            onChange={setLivePreview}
            label={t('preview.live.toggle')}
          />
        </Space>
      </Typography.Paragraph>

      <Flex justify="space-between" align="center" wrap gap={16} style={{ marginBottom: 16 }}>
        <Space align="center" wrap>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {savedName}
          </Typography.Title>
          <SiteStatusTag status={store.saved.globalSetting.status} />
          <VersionHistory
            siteId={siteId}
            version={store.version}
            canRollback={!readOnly && canPublish}
            rollbackRefusal={approvalRefusal}
            reload={reloadAfterRollback}
            canRestore={!readOnly}
            dirty={store.dirty}
            onRestored={(stored) => {
              store.reset(stored)
              queryClient.setQueryData(siteKeys.detail(siteId), stored)
              void queryClient.invalidateQueries({ queryKey: siteKeys.lists() })
            }}
            onCompare={(compared) => {
              setComparison(compared)
              setTab('creatives')
            }}
          />
          <PublishSchedule siteId={siteId} canSchedule={!readOnly && canPublish} refusal={approvalRefusal} />
          <Experiments
            siteId={siteId}
            version={store.version}
            dirty={store.dirty}
            canWrite={!readOnly}
            canPublish={!readOnly && canPublish}
            refusal={approvalRefusal}
            onPromoted={reloadAfterRollback}
          />
          <Button size="small" onClick={() => checklist.view(store.version)}>
            {t('siteEditor.checklist.title')}
          </Button>
          <ApprovalSwitch siteId={siteId} />
        </Space>
        {!readOnly && (
          <EditorActions
            busy={actions.busy}
            canPublish={canPublish}
            live={store.saved.globalSetting.status === 'PUBLISH'}
            requestPublish={requestPublish}
            onRun={(action) => void actions.run(action)}
            onDelete={() => actions.confirmDelete(savedName)}
          />
        )}
      </Flex>

      <LiveSiteState site={store.saved.globalSetting} />
      <PublishScheduleSummary siteId={siteId} />
      <ApprovalBanner
        siteId={siteId}
        version={store.version}
        onCompare={(compared) => {
          setComparison(compared)
          if (compared) setTab('creatives')
        }}
        onApproved={async () => {
          // An approval with a 公開日時 schedules the publish instead.
          void queryClient.invalidateQueries({ queryKey: scheduleKeys.site(siteId) })
          await reloadAfterRollback()
        }}
        onOpenItem={openChecklistItem}
      />
      {comparison && (
        <CompareBanner comparison={comparison} lang={lang} onClose={() => setComparison(null)} />
      )}
      {!readOnly && <PublishMediaNotice siteId={siteId} draft={store.draft} />}
      {readOnly && (
        <Alert type="info" showIcon title={t('siteEditor.readOnly')} style={{ marginBottom: 16 }} />
      )}
      {actions.refusal && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: actions.clearRefusal }}
          title={actions.refusal}
          style={{ marginBottom: 16 }}
        />
      )}
      <ProblemSummary
        problems={actions.problems}
        source={actions.problemSource}
        draft={store.draft}
        onOpen={(problemTab, problemLang) => {
          setTab(problemTab)
          if (problemLang) setChosenLang(problemLang)
        }}
      />

      <LanguageBar
        languages={languages}
        defaultLanguage={globalSetting.defaultLanguage}
        current={lang}
        onSelect={setChosenLang}
        addRefusal={store.plan.features.multiLanguage ? null : tShared(PLAN_FEATURE_MESSAGES.multiLanguage)}
        readOnly={readOnly}
        onAdd={(added) => {
          store.change((draft) => addLanguage(draft, added))
          setChosenLang(added)
        }}
        onRemove={(removed) => {
          store.change((draft) => removeLanguage(draft, removed))
          setChosenLang(globalSetting.defaultLanguage)
        }}
      >
        <Flex gap={16} align="start">
          <div style={{ flex: 1, minWidth: 0 }}>
            <EditorTabs active={tab} onActive={setTab} tabProps={tabProps} />
          </div>
          {livePreview && (
            <div style={{ position: 'sticky', top: 16, flex: 'none' }}>
              <LivePreview
                draft={store.draft}
                media={store.media}
                lang={lang}
                cell={editedCell ?? undefined}
              />
            </div>
          )}
        </Flex>
      </LanguageBar>
      <Drawer
        open={commentsOpen}
        onClose={() => setCommentsOpen(false)}
        title={t('preview.comments.title')}
        size={440}
      >
        <ReviewComments
          siteId={siteId}
          owner
          onOpenCell={(c) => {
            setChosenLang(c.lang)
            setTab('creatives')
            if (c.cell) setFocusCell({ position: c.cell })
            setCommentsOpen(false)
          }}
        />
      </Drawer>
      {checklist.element}
      <PublishRequestDialog
        siteId={siteId}
        version={requestVersion}
        onClose={() => setRequestVersion(null)}
        onOpenItem={openChecklistItem}
      />
    </>
  )
}
