import { Avatar, Badge, Box, Grid, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { PersonAvatar } from '@/components/person-avatar'

import type { About } from '../api'

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box as="section" aria-label={title} bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '5' }} data-testid={testId}>
      <Heading as="h2" size="sm" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide" mb="0.5">
        {label}
      </Text>
      <Box fontSize="sm">{children}</Box>
    </Box>
  )
}

export function AboutTab({ about }: { about: About }) {
  const { general, work, contact } = about
  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
      <Stack gap="5">
        <Card title="General information" testId="about-general">
          <Stack gap="4">
            {general.about && <Fact label="About">{general.about}</Fact>}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              {general.gender && <Fact label="Gender">{general.gender}</Fact>}
              {general.birthday && <Fact label="Birthday">{general.birthday}</Fact>}
            </SimpleGrid>
            {general.locations && general.locations.length > 0 && (
              <Fact label="Locations">
                <Stack gap="0.5">
                  {general.locations.map((l) => (
                    <Text key={l}>{l}</Text>
                  ))}
                </Stack>
              </Fact>
            )}
          </Stack>
        </Card>
        <Card title="Work" testId="about-work">
          <Stack gap="4">
            {work.occupation && <Fact label="Occupation">{work.occupation}</Fact>}
            {work.skills && (
              <Fact label="Skills">
                <HStack gap="1.5" wrap="wrap" mt="1">
                  {work.skills.split(',').map((s) => (
                    <Badge key={s} variant="subtle" colorPalette="brand">
                      {s.trim()}
                    </Badge>
                  ))}
                </HStack>
              </Fact>
            )}
            {work.jobs && work.jobs.length > 0 && (
              <Fact label="Jobs">
                <Stack as="ul" gap="1.5" mt="1">
                  {work.jobs.map((j) => (
                    <HStack as="li" key={`${j.company}-${j.date}`} justify="space-between" gap="3">
                      <Text fontWeight="medium">{j.company}</Text>
                      <Text color="fg.muted">{j.date}</Text>
                    </HStack>
                  ))}
                </Stack>
              </Fact>
            )}
          </Stack>
        </Card>
        <Card title="Contact" testId="about-contact">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {contact.address && <Fact label="Address">{contact.address}</Fact>}
            {contact.tel && (
              <Fact label="Phone">
                {contact.tel.map((t) => (
                  <Link key={t} href={`tel:${t.replace(/\s+/g, '')}`} display="block">
                    {t}
                  </Link>
                ))}
              </Fact>
            )}
            {contact.websites && (
              <Fact label="Websites">
                {contact.websites.map((w) => (
                  <Text key={w}>{w}</Text>
                ))}
              </Fact>
            )}
            {contact.emails && (
              <Fact label="Emails">
                {contact.emails.map((e) => (
                  <Link key={e} href={`mailto:${e}`} color="brand.fg" display="block">
                    {e}
                  </Link>
                ))}
              </Fact>
            )}
          </SimpleGrid>
        </Card>
      </Stack>
      <Stack gap="5">
        <Card title="Groups" testId="about-groups">
          <Stack as="ul" gap="3">
            {about.groups.map((g) => (
              <HStack as="li" key={g.id} gap="3" data-testid={`group-${g.id}`}>
                <Avatar.Root size="sm" shape="rounded" colorPalette="purple">
                  <Avatar.Fallback name={g.name} />
                </Avatar.Root>
                <Box minW="0">
                  <Text fontSize="sm" fontWeight="semibold">
                    {g.name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {g.category} · {g.members}
                  </Text>
                </Box>
              </HStack>
            ))}
          </Stack>
        </Card>
        <Card title={`Friends (${about.friends.length})`} testId="about-friends">
          <SimpleGrid columns={3} gap="3">
            {about.friends.map((f) => (
              <Stack key={f.id} align="center" gap="1" textAlign="center" data-testid={`friend-${f.id}`}>
                <PersonAvatar name={f.name} src={f.avatar} size="md" />
                <Text fontSize="xs" lineClamp={2}>
                  {f.name}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Card>
      </Stack>
    </Grid>
  )
}
