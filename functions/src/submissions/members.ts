import { submissionsRoutes } from '@swipe/shared/contract/submissions'
import { membersPage } from './lists.ts'

/** A site's members, newest first, 20 a page (SPEC §7 Members, contacts, forms). */
export const handler = membersPage(submissionsRoutes['submissions.members'])
