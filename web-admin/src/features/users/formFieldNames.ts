/**
 * Every field the server may name in `details[].path` for a user form. A module of its own so the
 * labels (and the summary that shows them) do not load the form with its date pickers and selects.
 */
export const USER_FORM_FIELDS = [
  'accountType',
  'parentId',
  'email',
  'companyName',
  'contactName',
  'planId',
  'contractStartDate',
  'contractEndDate',
  'authority',
  'licenseIssuing',
] as const
