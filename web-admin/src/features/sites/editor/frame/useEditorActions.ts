import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../../i18n/index.ts'
import { ApiError, type ApiErrorDetail, errorMessage, isStaleVersion } from '../../../../lib/api.ts'
import { useToast } from '../../../../lib/toast.ts'
import { isPlanRefusal, type SiteDetail, type SiteStatusAction, siteKeys } from '../../api.ts'
import { checklistRefusals } from '../checklist/checklist-api.ts'
import { useConfirmFormLinks } from '../creatives/FormLinkWarnings.tsx'
import { type FieldProblem, problemsFromApi } from '../draft.ts'
import { saveBodyOf, validateSave } from './editorModel.ts'
import { useConfirmFailedVideos } from './FailedVideoConfirm.tsx'
import { useEditorMutations } from './mutations.ts'
import { saveToastOf, useSaveToast } from './saveToast.tsx'
import type { EditorStore } from './useEditorState.ts'

/** The editor's actions (SPEC §4): save alone, or save and then change the status. */
export type SaveAction = 'save' | SiteStatusAction
export type EditorBusy = SaveAction | 'delete' | null

/** Whether the problems on show come from a save or from the publish check after a save. */
export type ProblemSource = 'save' | 'publish'

interface Options {
  siteId: string
  store: EditorStore
  /** Loads the site again; resolves with it, or undefined when that failed. */
  reload: () => Promise<SiteDetail | undefined>
  /** The site was deleted. */
  onDeleted: () => void
  /** The pre-publish checklist and the approval gate (issue 33 parts 4 and 5); none: publish at once. */
  publishGate?: PublishGate
}

/** What stands between the save of a publish and the status change (issue 33 parts 4 and 5). */
export interface PublishGate {
  /** Approval is required and the caller may not approve: a publish saves, then asks to request. */
  request: ((version: number) => void) | null
  /** After the save of a publish: the checklist of the saved version; true to publish. */
  confirm: (version: number) => Promise<boolean>
  /** The server refused the publish for checklist items after all (the draft changed in between). */
  refused: (version: number, details: readonly ApiErrorDetail[]) => void
  /** The server refused the publish for want of an approval (the gate was turned on meanwhile). */
  approvalRequired: () => void
}

/**
 * Save, status actions and delete, with the editor's answers to failures: field problems (the
 * client check or the API's 400), a stale version (offer to reload), a plan refusal (shown in
 * place), anything else as a toast.
 */
export const useEditorActions = ({ siteId, store, reload, onDeleted, publishGate }: Options) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const toast = useToast()
  const saveToast = useSaveToast()
  const queryClient = useQueryClient()
  const mutations = useEditorMutations(siteId)
  const confirmFormLinks = useConfirmFormLinks()
  const confirmFailedVideos = useConfirmFailedVideos(siteId)
  const [busy, setBusy] = useState<EditorBusy>(null)
  const [problems, setProblems] = useState<FieldProblem[]>([])
  const [problemSource, setProblemSource] = useState<ProblemSource>('save')
  const [refusal, setRefusal] = useState<string | null>(null)

  const askReload = () =>
    modal.confirm({
      title: t('siteEditor.conflict.title'),
      content: t('siteEditor.conflict.content'),
      okText: t('siteEditor.conflict.reload'),
      cancelText: t('siteEditor.conflict.keep'),
      onOk: async () => {
        const fresh = await reload()
        if (!fresh) return
        store.reset(fresh)
        setProblems([])
        setRefusal(null)
      },
    })

  const fail = (error: unknown, source: ProblemSource, version?: number) => {
    if (isStaleVersion(error)) {
      askReload()
      return
    }
    if (isPlanRefusal(error)) {
      setRefusal(errorMessage(error))
      return
    }
    if (publishGate && version !== undefined && error instanceof ApiError) {
      const named = error.status === 400 ? checklistRefusals(error.details) : []
      if (named.length > 0) {
        publishGate.refused(version, named)
        return
      }
      if (error.status === 403 && error.code === 'approval.required') {
        publishGate.approvalRequired()
        toast.error(errorMessage(error))
        return
      }
    }
    if (error instanceof ApiError && error.status === 400 && error.details.length > 0) {
      setProblems(problemsFromApi(error.details))
      setProblemSource(source)
      return
    }
    toast.error(errorMessage(error))
  }

  const run = async (action: SaveAction) => {
    if (busy) return
    const sent = store.draft
    const before = store.saved.globalSetting.status
    const body = saveBodyOf(sent, store.version)
    const found = validateSave(body, store.saved, store.plan)
    setRefusal(null)
    if (found.length > 0) {
      setProblems(found)
      setProblemSource('save')
      return
    }
    // Links to disabled forms: a publish lists them and asks; a save or a draft never does.
    if ((action === 'publish' || action === 'private') && !(await confirmFormLinks(modal, sent))) return
    // A video that could not be made phone-friendly: a publish names its cells and asks.
    if (action === 'publish' && !(await confirmFailedVideos(modal, sent))) return
    setProblems([])
    setBusy(action)
    let stage: ProblemSource = 'save'
    let savedVersion: number | undefined
    try {
      const saved = await mutations.save.mutateAsync(body)
      store.accept(saved, sent)
      savedVersion = saved.version
      let site = saved.globalSetting
      // A publish that needs a request, or that the creator stopped at the checklist, was a save.
      if (action === 'publish' && publishGate) {
        const { request } = publishGate
        const go = request ? false : await publishGate.confirm(saved.version)
        if (!go) {
          saveToast(saveToastOf('save', before, site))
          request?.(saved.version)
          return
        }
      }
      if (action !== 'save') {
        stage = 'publish'
        const changed = await mutations.status.mutateAsync({ action, version: saved.version })
        store.acceptStatus(changed)
        site = changed.globalSetting
      }
      saveToast(saveToastOf(action, before, site))
    } catch (error) {
      fail(error, stage, stage === 'publish' ? savedVersion : undefined)
    } finally {
      setBusy(null)
    }
  }

  const confirmDelete = (name: string) =>
    modal.confirm({
      title: t('siteEditor.delete.title', { name }),
      content: t('siteEditor.delete.content'),
      okText: t('siteEditor.delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy('delete')
        try {
          const answer = await mutations.remove.mutateAsync(store.version)
          toast.success(answer?.message ?? tShared('site.deleted'))
          store.markClean()
          onDeleted()
        } catch (error) {
          fail(error, 'save')
        } finally {
          setBusy(null)
        }
      },
    })

  /** Drops the deleted site's cached detail once the editor has left it. */
  const forgetSite = () => queryClient.removeQueries({ queryKey: siteKeys.detail(siteId) })

  return {
    busy,
    problems,
    problemSource,
    refusal,
    clearRefusal: () => setRefusal(null),
    run,
    confirmDelete,
    forgetSite,
  }
}
