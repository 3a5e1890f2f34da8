import { Button, Center, Text, type CenterProps } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'

/** A detail page whose record does not exist: "There is no such …" and a way back to the list. */
export function NotFoundState({ title, backTo, backLabel, testId, ...rest }: { title: string; backTo: string; backLabel: string; testId: string } & Omit<CenterProps, 'title'>) {
  return (
    <Center flexDirection="column" gap="3" py="20" data-testid={testId} {...rest}>
      <Text fontSize="xl" fontWeight="semibold">
        {title}
      </Text>
      <Button asChild variant="outline" size="sm">
        <RouterLink to={backTo}>{backLabel}</RouterLink>
      </Button>
    </Center>
  )
}
