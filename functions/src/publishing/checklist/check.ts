import type { LoadedSite } from '../publish.ts'
import { gatherChecklist } from './gather.ts'
import { runRules } from './rules.ts'
import type { CheckResult } from './types.ts'

/**
 * Runs the checklist's rules on a loaded site's draft (issue 33 part 5), where the site can be
 * rendered: the publishing Lambda on AWS, this process locally (the platform's publisher `check`).
 */
export const checkSite = async (loaded: LoadedSite, now: number): Promise<CheckResult> => {
  const input = await gatherChecklist(loaded, now)
  const links = [...input.links.values()]
  return {
    items: runRules(input),
    links: {
      checked: links.filter((l) => l.result !== 'unchecked').length,
      unchecked: links.filter((l) => l.result === 'unchecked').length,
    },
    version: loaded.site.version,
    now,
  }
}
