import type { FormInstance } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

/** Re-checks fields that show an error when the interface language changes, so messages follow it. */
export const useLocalizedValidation = (form: FormInstance): void => {
  const { i18n } = useTranslation()
  const language = i18n.language
  // Only a change counts: on mount the form may not be rendered yet (e.g. while a token is checked).
  const shown = useRef(language)
  useEffect(() => {
    if (shown.current === language) return
    shown.current = language
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name)
    if (withErrors.length > 0) form.validateFields(withErrors).catch(() => undefined)
  }, [form, language])
}
