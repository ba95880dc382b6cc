import type { EditorTabProps } from '../draft.ts'

/** Placeholder until the other-settings tab lands (replaced by its own module). */
export const OtherSettingsTab = (_props: EditorTabProps) => null
