import { chakra, useRecipe, useSlotRecipe, type HTMLChakraProps } from '@chakra-ui/react'
import { useId, type ReactNode } from 'react'

/*
 * A labelled text input for the sign-in page: the same parts, ids, data/aria attributes and
 * field + input recipes as Chakra's Field.Root/Label/ErrorText/HelperText around <Input>, so it
 * looks and reads the same, without Ark's field (~4 KB gz less for /login).
 */
export interface LightFieldProps extends HTMLChakraProps<'input'> {
  id: string
  label: ReactNode
  invalid?: boolean
  disabled?: boolean
  /** Shown (and announced) when the field is invalid. */
  errorText?: ReactNode
  helperText?: ReactNode
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl'
}

export function LightField(props: LightFieldProps) {
  const { id, label, invalid = false, disabled = false, errorText, helperText, size, ...inputProps } = props
  const styles = useSlotRecipe({ key: 'field' })({})
  const inputStyles = useRecipe({ key: 'input' })({ size })
  const fieldId = `field::${useId()}`
  const errorId = `${fieldId}::error-text`
  const helperId = `${fieldId}::helper-text`
  const showError = invalid && errorText != null && errorText !== false
  const state = { 'data-disabled': disabled ? '' : undefined, 'data-invalid': invalid ? '' : undefined }
  return (
    <chakra.div data-scope="field" data-part="root" id={fieldId} role="group" {...state} className="chakra-field__root" css={styles.root}>
      <chakra.label
        data-scope="field"
        data-part="label"
        id={`${fieldId}::label`}
        {...state}
        htmlFor={id}
        className="chakra-field__label"
        css={styles.label}
      >
        {label}
      </chakra.label>
      <chakra.input
        aria-describedby={helperText != null ? helperId : undefined}
        aria-errormessage={showError ? errorId : undefined}
        aria-invalid={invalid || undefined}
        data-invalid={state['data-invalid']}
        id={id}
        disabled={disabled}
        data-scope="field"
        data-part="input"
        className="chakra-input"
        css={inputStyles}
        {...inputProps}
      />
      {showError && (
        <chakra.div id={errorId} data-scope="field" data-part="error-text" aria-live="polite" className="chakra-field__errorText" css={styles.errorText}>
          {errorText}
        </chakra.div>
      )}
      {helperText != null && (
        <chakra.div id={helperId} data-scope="field" data-part="helper-text" data-disabled={state['data-disabled']} className="chakra-field__helperText" css={styles.helperText}>
          {helperText}
        </chakra.div>
      )}
    </chakra.div>
  )
}
