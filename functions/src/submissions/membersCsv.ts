import { submissionsRoutes } from '@swipe/shared/contract/submissions'
import { membersExport } from './lists.ts'

/** Every member the list's filters select, as CSV. */
export const handler = membersExport(submissionsRoutes['submissions.membersCsv'])
