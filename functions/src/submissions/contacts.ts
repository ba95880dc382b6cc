import { submissionsRoutes } from '@swipe/shared/contract/submissions'
import { submissionsPage } from './lists.ts'

/** A site's contact-form submissions, newest first, 20 a page. */
export const handler = submissionsPage(submissionsRoutes['submissions.contacts'], 'contact')
