import { Badge, Box, Button, chakra, Flex, Heading, List, SegmentGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { formatPrice, monthlyPrice, PLANS, yearlySaving, type BillingPeriod, type Plan } from '../pricing'

export type PricingStyle = 1 | 2 | 3

function Check() {
  return (
    <chakra.svg viewBox="0 0 24 24" boxSize="4" flexShrink={0} mt="1" color="brand.fg" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden>
      <path d="M5 12l5 5L20 7" />
    </chakra.svg>
  )
}

function PeriodSwitch({ period, onChange, onDark }: { period: BillingPeriod; onChange: (p: BillingPeriod) => void; onDark?: boolean }) {
  return (
    <SegmentGroup.Root
      value={period}
      onValueChange={(e) => onChange(e.value as BillingPeriod)}
      bg={onDark ? 'whiteAlpha.200' : undefined}
      color={onDark ? 'white' : undefined}
      data-testid="pricing-period"
    >
      <SegmentGroup.Indicator bg={onDark ? 'whiteAlpha.400' : undefined} />
      <SegmentGroup.Items items={[{ value: 'monthly', label: 'Monthly' }, { value: 'yearly', label: `Yearly (save ${yearlySaving(PLANS[0]!)}%)` }]} />
    </SegmentGroup.Root>
  )
}

function PlanCard({ plan, period, style }: { plan: Plan; period: BillingPeriod; style: PricingStyle }) {
  const price = monthlyPrice(plan, period)
  const highlighted = plan.popular && style !== 3
  return (
    <Stack
      gap="5"
      bg="bg.panel"
      borderWidth={highlighted ? '2px' : '1px'}
      borderColor={highlighted ? 'brand.solid' : 'border.muted'}
      borderRadius="2xl"
      boxShadow={highlighted ? '2xl' : 'md'}
      p={{ base: '6', md: style === 3 ? '6' : '8' }}
      position="relative"
      transform={highlighted && style === 1 ? { lg: 'scale(1.04)' } : undefined}
      data-testid={`plan-${plan.id}`}
    >
      {plan.popular && (
        <Badge position="absolute" top="4" right="4" colorPalette="brand" variant="solid" borderRadius="full" px="3">
          Most popular
        </Badge>
      )}
      <Box>
        <Heading as="h2" size="lg">
          {plan.name}
        </Heading>
        <Text color="fg.muted" fontSize="sm" mt="1" minH={{ md: '10' }}>
          {plan.blurb}
        </Text>
      </Box>
      <Flex align="baseline" gap="1">
        <Text fontSize={style === 3 ? '4xl' : '5xl'} fontWeight="extrabold" lineHeight="1" data-testid={`plan-${plan.id}-price`}>
          {formatPrice(price)}
        </Text>
        <Text color="fg.muted">/ user / month</Text>
      </Flex>
      <Text fontSize="sm" color="fg.muted" mt="-3">
        {period === 'yearly' ? `${formatPrice(price * 12)} per user, billed yearly` : 'billed monthly, cancel any time'}
      </Text>
      <Stack gap="1" fontSize="sm" fontWeight="semibold">
        <Text>{plan.users}</Text>
        <Text>{plan.storage}</Text>
      </Stack>
      <List.Root gap="2" fontSize="sm" variant="plain">
        {plan.features.map((feature) => (
          <List.Item key={feature} display="flex" gap="2">
            <Check />
            {feature}
          </List.Item>
        ))}
      </List.Root>
      <Button mt="auto" colorPalette="brand" variant={highlighted ? 'solid' : 'outline'} size="lg" asChild>
        <RouterLink to="/pages/coming-soon">Get started</RouterLink>
      </Button>
    </Stack>
  )
}

const FAQ = [
  ['Who counts as a user?', 'Everyone with an account that can sign in: admins, managers, technicians and contractors. Disabled accounts are free.'],
  ['Can we move between plans?', 'Yes, at any time; the price changes from the next month, and nothing you stored is lost.'],
  ['Where is our data kept?', 'On the portal’s own database and document storage; on the Company plan that can be your servers.'],
  ['Is there a trial?', 'This is the template’s sample pricing page: the plans show the layout, not an offer.'],
] as const

/** /pages/pricing/style-1..3: the template's three pricing layouts, with sample plans. */
export default function PricingPage({ style }: { style: PricingStyle }) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly')
  const dark = style === 2
  return (
    <Box data-testid={`pricing-style-${style}`} pb="16">
      <Box
        px={{ base: '4', md: '8' }}
        pt={{ base: '10', md: '16' }}
        pb={style === 2 ? { base: '40', md: '48' } : '10'}
        textAlign="center"
        bgGradient={dark ? 'to-br' : undefined}
        gradientFrom={dark ? 'teal.700' : undefined}
        gradientTo={dark ? 'cyan.900' : undefined}
        color={dark ? 'white' : undefined}
      >
        <Text fontSize="sm" fontWeight="bold" letterSpacing="widest" textTransform="uppercase" color={dark ? 'teal.200' : 'brand.fg'}>
          Pricing
        </Text>
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} mt="2" color={dark ? 'white' : undefined} data-testid="pricing-title">
          {style === 3 ? 'Pick the plan that fits your crews' : 'Simple pricing for the whole team'}
        </Heading>
        <Text mt="3" fontSize="lg" color={dark ? 'whiteAlpha.800' : 'fg.muted'} maxW="2xl" mx="auto">
          One price per user, every feature of the plan for everyone. A sample page of the template: these plans show the layout, nothing is for sale.
        </Text>
        <Flex justify="center" mt="6">
          <PeriodSwitch period={period} onChange={setPeriod} onDark={dark} />
        </Flex>
      </Box>
      <SimpleGrid
        columns={{ base: 1, md: 3 }}
        gap={style === 3 ? '4' : '6'}
        px={{ base: '4', md: '8' }}
        maxW={style === 3 ? '5xl' : '6xl'}
        mx="auto"
        mt={style === 2 ? { base: '-32', md: '-40' } : undefined}
        alignItems="stretch"
      >
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} style={style} />
        ))}
      </SimpleGrid>
      {style !== 2 && (
        <Box maxW="5xl" mx="auto" px={{ base: '4', md: '8' }} mt="16">
          <Heading as="h2" size="xl" textAlign="center" mb="8">
            Frequently asked questions
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
            {FAQ.map(([q, a]) => (
              <Box key={q}>
                <Text fontWeight="semibold">{q}</Text>
                <Text color="fg.muted" mt="1">
                  {a}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Box>
      )}
    </Box>
  )
}
