import type { ChecklistItem, ChecklistRule } from '@swipe/shared/contract/approvals'
import type { PublishCreative, PublishMenu, PublishSettings, PublishSite } from '@swipe/web-site'

/**
 * What the pre-publish checklist reads (issue 33 part 5): the draft as the renderer reads it, and
 * the facts only the server knows, gathered once (./gather.ts) so each rule is a pure function of
 * this input and is tested without a stack. docs/decisions/0067-checklist-and-approvals.md.
 */
export interface ChecklistInput {
  /** The global setting as the renderer reads it (languages, grid, popup CTAs …). */
  site: PublishSite
  /** Current creatives of every site language. */
  creatives: readonly PublishCreative[]
  menus: readonly PublishMenu[]
  settings: readonly PublishSettings[]
  /** The checklist's clock (ms). */
  now: number
  /**
   * The rendition record of each media key the draft names (originals only): `failed` when the
   * media job could not read the upload. Keys without a record are absent.
   */
  media: ReadonlyMap<string, MediaFacts>
  /** Each language's first swipe page as the publish would render it: its gzipped bytes. */
  firstHtml: readonly { lang: string; gzipBytes: number }[]
  /** Open review comments (preview sharing) marked blocking. */
  blockingComments: readonly { id: string; cell: string; lang: string; text: string }[]
  /** The answer of each external link checked (HEAD through the outbound-address policy), by URL as written. */
  links: ReadonlyMap<string, LinkFacts>
}

export interface MediaFacts {
  state: 'processing' | 'ready' | 'failed'
  mediaType: 'image' | 'video'
  /**
   * Bytes of the image a phone loads for this key on the first screen: the rendition the page's
   * picture would pick for a 390 px wide, 3× screen (first source the page lists), else the
   * poster's for a video; undefined when unknown (no renditions yet).
   */
  phoneBytes?: number | undefined
}

/** A link's answer: `ok` (2xx/3xx), the status (4xx/5xx), or the failure category; `unchecked`: no answer in time. */
export type LinkFacts =
  | { result: 'ok'; status: number }
  | { result: 'status'; status: number }
  | { result: 'failed'; category: string }
  | { result: 'unchecked' }

/** An item before its message is put in the caller's language (./index.ts adds `message` and `severity`). */
export type RuleItem = Omit<ChecklistItem, 'message' | 'severity'> & { rule: ChecklistRule }

/** One rule: every item it finds in the input, in a stable order (language order, then cell). */
export type ChecklistRuleFn = (input: ChecklistInput) => RuleItem[]

/** What a check answers (it crosses the publishing Lambda's invoke): the items before their messages. */
export interface CheckResult {
  items: RuleItem[]
  /** External addresses checked, and those that did not answer in time. */
  links: { checked: number; unchecked: number }
  /** The draft version checked. */
  version: number
  /** The check's clock (ms). */
  now: number
}
