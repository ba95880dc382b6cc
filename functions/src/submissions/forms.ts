import { routes } from '../routes.ts'
import { submissionsPage } from './lists.ts'

/** A site's homepage-form ("other form") submissions, newest first, 20 a page. */
export const handler = submissionsPage(routes['submissions.forms'], 'form')
