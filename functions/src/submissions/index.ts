import { contextHandler } from '#edge/router'
import * as contacts from './contacts.ts'
import * as contactsCsv from './contactsCsv.ts'
import * as forms from './forms.ts'
import * as formsCsv from './formsCsv.ts'
import * as members from './members.ts'
import * as membersCsv from './membersCsv.ts'

export const handler = contextHandler('submissions', {
  members,
  membersCsv,
  contacts,
  contactsCsv,
  forms,
  formsCsv,
})
