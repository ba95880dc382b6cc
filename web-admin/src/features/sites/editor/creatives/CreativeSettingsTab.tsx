import type { EditorTabProps } from '../draft.ts'

/** Placeholder until the creative settings tab lands (replaced by its own module). */
export const CreativeSettingsTab = (_props: EditorTabProps) => null
