import { routes } from '../routes.ts'
import { submissionsExport } from './lists.ts'

/** Every contact submission the list's filters select, as CSV. */
export const handler = submissionsExport(routes['submissions.contactsCsv'], 'contact')
