import type { CheckResult } from '../publishing/checklist/types.ts'
import type { LoadedSite, PublishAuthor } from '../publishing/publish.ts'

/**
 * Publishing a site renders its pages with the visitor site's server entry (react-dom/server), the
 * only code of the API that needs it. On AWS it runs in a Lambda of its own, called synchronously,
 * so the sites API bundle carries no renderer (docs/decisions/0009-lambda-bundles.md); on the local
 * stack it runs in the process (functions/src/publishing/publish.ts `publishSite`).
 */
export interface Publisher {
  /**
   * Publishes a site: in the publishing Lambda, which loads the site itself under the same version
   * condition, or in this process with the site the caller loaded. Throws what `publishSite`
   * throws (a refusal crosses the invoke as the same `AppError`).
   */
  publish(
    siteId: string,
    options: { expectVersion: number; loaded: LoadedSite; author?: PublishAuthor | undefined },
  ): Promise<void>
  /**
   * The pre-publish checklist of the saved draft (issue 33 part 5; `checkSite`): it renders each
   * language's first page, so it runs where publishing does.
   */
  check(siteId: string, options: { loaded: LoadedSite }): Promise<CheckResult>
  /**
   * Renders the saved draft as a test variant (issue 34; `renderVariant`): a release and a version
   * that do not go live. Answers the version's id.
   */
  variant(
    siteId: string,
    options: { expectVersion: number; loaded: LoadedSite; author?: PublishAuthor | undefined },
  ): Promise<string>
}
