import { submissionsRoutes } from '@swipe/shared/contract/submissions'
import { submissionsExport } from './lists.ts'

/** Every contact submission the list's filters select, as CSV. */
export const handler = submissionsExport(submissionsRoutes['submissions.contactsCsv'], 'contact')
