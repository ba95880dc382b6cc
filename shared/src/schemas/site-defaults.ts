/** The site model's defaults live in `site/model-defaults.ts`; re-exported for older importers. */
export * from '../site/model-defaults.ts'
