import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import type { ComponentType } from 'react'

import { BlueprintGrid } from '@/components/blueprint'
import { AssetIcon, ChatIcon, DocumentIcon, OpportunityIcon } from '@/components/icons'

const highlights: { icon: ComponentType<{ boxSize?: string }>; title: string; text: string }[] = [
  { icon: AssetIcon, title: 'Assets', text: 'Status, risk and inspection dates for every asset in the field.' },
  { icon: DocumentIcon, title: 'Documents', text: 'Uploads are processed in the background and ready to search.' },
  { icon: OpportunityIcon, title: 'Opportunities', text: 'Every lead from first contact to a won contract.' },
  { icon: ChatIcon, title: 'Team Chat', text: 'Talk to the office and the site crews, live.' },
]

/** The branded half of the login screen (desktop only). */
export function BrandPanel() {
  return (
    <Flex
      display={{ base: 'none', lg: 'flex' }}
      flex="1"
      position="relative"
      overflow="hidden"
      direction="column"
      justify="space-between"
      px={{ lg: '16', xl: '24' }}
      py="16"
      color="white"
      bgGradient="to-br"
      gradientFrom="#042f2e"
      gradientVia="#0b1f33"
      gradientTo="#0b1220"
      data-testid="login-brand-panel"
    >
      <BlueprintGrid mask="radial-gradient(ellipse at 70% 40%, black 20%, transparent 75%)" />
      <Box
        position="absolute"
        w="560px"
        h="560px"
        right="-160px"
        top="-120px"
        borderRadius="full"
        bg="radial-gradient(circle, rgba(45,212,191,0.28), transparent 65%)"
        pointerEvents="none"
      />

      {/* The form column carries the logo; this keeps the headline centred. */}
      <Box />

      <Stack gap="6" position="relative" maxW="xl">
        <Text fontSize="sm" fontWeight="bold" letterSpacing="widest" color="brand.300" textTransform="uppercase">
          Welcome to
        </Text>
        <Heading as="p" fontSize={{ lg: '5xl', xl: '6xl' }} lineHeight="1.05" fontWeight="extrabold">
          Engineering staff portal
        </Heading>
        <Text fontSize="lg" color="whiteAlpha.800" maxW="lg">
          One place for the assets you maintain, the documents behind them and the work the team is bidding
          for.
        </Text>
        <Box as="ul" listStyleType="none" display="grid" gridTemplateColumns="repeat(2, minmax(0, 1fr))" gap="5" mt="4">
          {highlights.map(({ icon: IconComponent, title, text }) => (
            <Box as="li" key={title} display="flex" gap="3" alignItems="flex-start">
              <Flex
                flexShrink={0}
                boxSize="10"
                align="center"
                justify="center"
                borderRadius="lg"
                bg="rgba(45,212,191,0.14)"
                color="brand.300"
                borderWidth="1px"
                borderColor="rgba(45,212,191,0.3)"
              >
                <IconComponent boxSize="5" />
              </Flex>
              <Box>
                <Text fontWeight="semibold">{title}</Text>
                <Text fontSize="sm" color="whiteAlpha.700">
                  {text}
                </Text>
              </Box>
            </Box>
          ))}
        </Box>
      </Stack>

      <Text position="relative" fontSize="sm" color="whiteAlpha.600">
        For admins, managers, technicians and contractors.
      </Text>
    </Flex>
  )
}
