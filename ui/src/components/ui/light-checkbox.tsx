import { chakra, useSlotRecipe, type HTMLChakraProps } from '@chakra-ui/react'
import { useId, useState, type CSSProperties, type InputHTMLAttributes, type ReactNode } from 'react'

/*
 * A checkbox for the sign-in page: the same parts, data attributes and checkbox recipe as the
 * Checkbox snippet (components/ui/checkbox.tsx), so it looks the same, without Ark's state
 * machine (~9 KB gz less for /login). A native input laid over control + label does the work.
 */
const overlayInputStyle: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  padding: 0,
  border: 0,
  opacity: 0,
  cursor: 'inherit',
  zIndex: 1,
}

export interface LightCheckboxProps extends Omit<HTMLChakraProps<'label'>, 'onChange'> {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>
  children?: ReactNode
}

export function LightCheckbox(props: LightCheckboxProps) {
  const { checked, onCheckedChange, disabled = false, inputProps, children, ...rest } = props
  const styles = useSlotRecipe({ key: 'checkbox' })({})
  const id = `checkbox:${useId()}`
  const [focusVisible, setFocusVisible] = useState(false)
  const state = checked ? 'checked' : 'unchecked'
  const parts = (part: string) => ({
    'data-scope': 'checkbox',
    'data-part': part,
    'data-state': state,
    'data-disabled': disabled ? '' : undefined,
    'data-focus-visible': focusVisible && !disabled ? '' : undefined,
    dir: 'ltr' as const,
  })
  return (
    <chakra.label
      {...parts('root')}
      id={id}
      htmlFor={`${id}:input`}
      className="chakra-checkbox__root"
      css={styles.root}
      position="relative"
      cursor="pointer"
      _disabled={{ cursor: 'not-allowed' }}
      {...rest}
    >
      <input
        {...inputProps}
        id={`${id}:input`}
        type="checkbox"
        aria-labelledby={`${id}:label`}
        aria-invalid="false"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.currentTarget.checked)}
        onFocus={(event) => setFocusVisible(event.currentTarget.matches(':focus-visible'))}
        onBlur={() => setFocusVisible(false)}
        style={overlayInputStyle}
      />
      <chakra.div {...parts('control')} id={`${id}:control`} aria-hidden="true" className="chakra-checkbox__control" css={styles.control}>
        {checked && (
          <chakra.svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="3px"
            strokeLinecap="round"
            strokeLinejoin="round"
            data-state={state}
            css={styles.indicator}
          >
            <polyline points="20 6 9 17 4 12" />
          </chakra.svg>
        )}
      </chakra.div>
      {children != null && (
        <chakra.span {...parts('label')} id={`${id}:label`} className="chakra-checkbox__label" css={styles.label}>
          {children}
        </chakra.span>
      )}
    </chakra.label>
  )
}
