import {
  defaultPlan,
  type FieldIssueOf,
  fieldActorOf,
  type GuardedValues,
  type Locale,
  ownAccountIds,
  refusedFields,
  translate,
} from '@swipe/shared'
import { planNameIn } from '@swipe/shared/plan-names'
import type { Account } from '#data/accounts'
import { Plans } from '#data/plans'
import { AppError, type FieldIssue, ValidationError } from '#edge/errors'
import { policyActorOf } from '#edge/tenancy'

/**
 * A plan's name in the caller's language: a built-in plan under its catalogue name is translated,
 * a stored plan renamed by plan management keeps its name, an unknown plan is named by its id.
 */
const planName = async (planId: string, locale: Locale): Promise<string> =>
  planNameIn({ planId, name: (await Plans.get({ planId }).go()).data?.name }, locale)

/**
 * Whether a plan id is in the plan catalogue: a stored plan (plan management's) or a built-in one
 * (`DEFAULT_PLANS`, which the seed stores). The same two sources `planOf` reads.
 */
export const isCatalogPlan = async (planId: string): Promise<boolean> =>
  Boolean(defaultPlan(planId) ?? (planId ? (await Plans.get({ planId }).go()).data : undefined))

/** The field's name in the caller's language, for messages that name it. */
const fieldName = (locale: Locale, field: FieldIssueOf['field']) =>
  translate(locale, `account.field.${field}`)

/** The parameters a refusal's message takes: the field's name, or the plan's for a staff-only plan. */
export const issueParams = async (
  issue: FieldIssueOf,
  sent: GuardedValues,
  locale: Locale,
): Promise<Record<string, string>> =>
  issue.code === 'account.planNotAllowed'
    ? { plan: await planName(String(sent.planId), locale) }
    : { field: fieldName(locale, issue.field) }

/** One refused field where the request carried it: `body.planId`, or `row.3.プランID` in a CSV. */
export interface Refusal {
  path: string
  issue: FieldIssueOf
  params: Record<string, string>
}

/**
 * The 403 for refused fields: every one in `details`, and a headline naming every field refused
 * for the same reason as the first (or the plan, for a staff-only plan).
 */
export const fieldRefusalError = (refusals: readonly Refusal[], locale: Locale): AppError => {
  const first = refusals[0]
  if (!first) throw new Error('fieldRefusalError needs a refusal')
  const details: FieldIssue[] = refusals.map((r) => ({ path: r.path, code: r.issue.code, params: r.params }))
  if (first.issue.code === 'account.planNotAllowed')
    return new AppError(403, first.issue.code, first.params, details)
  const fields = [
    ...new Set(refusals.filter((r) => r.issue.code === first.issue.code).map((r) => r.issue.field)),
  ]
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    fields.map((field) => fieldName(locale, field)),
  )
  return new AppError(403, first.issue.code, { field: names }, details)
}

/**
 * The field rules on one request (docs/permissions.md "Field rules"): a guarded field the actor may
 * not set, sent with a value other than the stored one (`current`; on a create, the defaults), is
 * a 403 naming every such field (`details[].path` = `body.<field>`); nothing is written. The API
 * edge logs the refusal as a security event. Then a changed plan must be in the catalogue (400).
 */
export const assertFieldRules = async (input: {
  actor: Account
  sent: GuardedValues
  current: GuardedValues
  /** The account being edited; none on a create. */
  target?: Pick<Account, 'accountId'>
  locale: Locale
}) => {
  const policyActor = policyActorOf(input.actor)
  const own = input.target ? ownAccountIds(policyActor).includes(input.target.accountId) : false
  const refused = refusedFields(fieldActorOf(policyActor), input.sent, input.current, own)
  if (refused.length) {
    const refusals = await Promise.all(
      refused.map(async (issue) => ({
        path: `body.${issue.field}`,
        issue,
        params: await issueParams(issue, input.sent, input.locale),
      })),
    )
    throw fieldRefusalError(refusals, input.locale)
  }
  const planId = input.sent.planId
  if (typeof planId === 'string' && planId !== (input.current.planId ?? undefined)) {
    if (!(await isCatalogPlan(planId)))
      throw new ValidationError([{ path: 'body.planId', code: 'account.planUnknown' }])
  }
}
