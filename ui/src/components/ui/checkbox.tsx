import { Checkbox as ChakraCheckbox } from '@chakra-ui/react'
import { forwardRef, type CSSProperties, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'

/*
 * Checkbox snippet. The real <input type="checkbox"> is laid transparently over the whole
 * control + label (instead of a 1px visually hidden input), so pointer users, assistive tech
 * and browser automation (e.g. Playwright's getByLabel('Remember Me').check()) all hit the
 * real input.
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
  clip: 'auto',
  overflow: 'visible',
  whiteSpace: 'normal',
  cursor: 'inherit',
  zIndex: 1,
}

export interface CheckboxProps extends ChakraCheckbox.RootProps {
  icon?: ReactNode
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>
  rootRef?: Ref<HTMLLabelElement>
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(props, ref) {
  const { icon, children, inputProps, rootRef, ...rest } = props
  return (
    <ChakraCheckbox.Root ref={rootRef} position="relative" cursor="pointer" _disabled={{ cursor: 'not-allowed' }} {...rest}>
      <ChakraCheckbox.HiddenInput ref={ref} {...inputProps} style={overlayInputStyle} />
      <ChakraCheckbox.Control>{icon ?? <ChakraCheckbox.Indicator />}</ChakraCheckbox.Control>
      {children != null && <ChakraCheckbox.Label>{children}</ChakraCheckbox.Label>}
    </ChakraCheckbox.Root>
  )
})
