/** The forms island's entry (`assets/forms.<hash>.js`): wires the page it is loaded on. */
import { startForms } from './forms.ts'

startForms()
