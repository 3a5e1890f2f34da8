import { Center, Flex, Text, type CenterProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/**
 * The centred message of a list or pane with nothing to show (empty, nothing matches, not
 * loaded): an optional round icon, a bold title, a muted line, and anything else below it
 * (a 'Try again' button).
 */
export function EmptyState({
  icon,
  title,
  text,
  testId,
  children,
  ...rest
}: { icon?: ReactNode; title?: ReactNode; text?: ReactNode; testId?: string; children?: ReactNode } & Omit<CenterProps, 'title'>) {
  return (
    <Center flexDirection="column" gap="2" py="16" textAlign="center" data-testid={testId} {...rest}>
      {icon && (
        <Flex boxSize="16" borderRadius="full" bg="bg.muted" align="center" justify="center">
          {icon}
        </Flex>
      )}
      {title && (
        <Text fontWeight="semibold" color="fg">
          {title}
        </Text>
      )}
      {text && (
        <Text fontSize={title ? 'sm' : undefined} color="fg.muted">
          {text}
        </Text>
      )}
      {children}
    </Center>
  )
}
