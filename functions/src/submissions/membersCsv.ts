import { routes } from '../routes.ts'
import { membersExport } from './lists.ts'

/** Every member the list's filters select, as CSV. */
export const handler = membersExport(routes['submissions.membersCsv'])
