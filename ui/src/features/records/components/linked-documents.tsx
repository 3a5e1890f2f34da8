import { Box, Flex, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useMemo } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { DocumentIcon } from '@/components/icons'
import { useOptions } from '@/hooks/use-options'
import { errorMessage } from '@/data/client'
import { formatRelative } from '@/lib/format'
import type { AnyRecord } from '@/data/records'

import { RESOURCE_CONFIGS } from '@/config/records'
import { useLiveRows, useRecordList } from '../hooks'

import { UploadDocumentsButton } from './document-upload'
import { RecordValue } from './value'

const SHOWN = 10
const STATE_COLUMN = RESOURCE_CONFIGS.documents.columns.find((c) => c.key === 'state')!

/** An asset's or opportunity's documents, live, with an upload that links new files to it. */
export function LinkedDocuments({ resource, record }: { resource: 'assets' | 'leads'; record: AnyRecord }) {
  const options = useOptions()
  const filter = resource === 'assets' ? 'assetId' : 'leadId'
  const params = useMemo(() => ({ [filter]: record.id, sort: 'updatedAt', order: 'desc', perPage: SHOWN, page: 1 }), [filter, record.id])
  const list = useRecordList('documents', params)
  const rows = useLiveRows('documents', list.page?.items)
  const total = list.page?.total ?? 0
  const config = RESOURCE_CONFIGS[resource]
  const context = {
    [filter]: record.id,
    department: typeof record.department === 'string' ? record.department : undefined,
    label: `${config.one} ${config.titleOf(record)}`,
  }
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '6' }} data-testid="linked-documents">
      <Flex mb="4" gap="2" justify="space-between" align="center" wrap="wrap">
        <HStack gap="2">
          <DocumentIcon boxSize="5" color="fg.muted" />
          <Heading as="h2" size="md">
            Documents
          </Heading>
          {list.page && (
            <Text fontSize="sm" color="fg.muted" data-testid="linked-documents-total">
              {total}
            </Text>
          )}
        </HStack>
        <UploadDocumentsButton context={context} testId="linked-documents-upload" />
      </Flex>
      {list.status === 'loading' && !list.page ? (
        <Stack gap="2">
          <Skeleton h="5" />
          <Skeleton h="5" />
        </Stack>
      ) : list.status === 'error' && !list.page ? (
        <Text fontSize="sm" color="fg.error">
          {errorMessage(list.error)}
        </Text>
      ) : rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="linked-documents-empty">
          No documents are linked to this {config.one} yet.
        </Text>
      ) : (
        <Stack as="ul" gap="0" divideY="1px" divideColor="border.muted">
          {rows.map(({ record: doc, deleted }) => (
            <Flex as="li" key={doc.id} listStyleType="none" py="2" gap="3" align="center" wrap="wrap" opacity={deleted ? 0.5 : 1} data-testid={`linked-document-${doc.id}`}>
              <Link asChild color="fg" fontWeight="medium" fontSize="sm" minW="0" flex="1" truncate>
                <RouterLink to={`/documents/${doc.id}`}>{String(doc.title)}</RouterLink>
              </Link>
              <RecordValue def={STATE_COLUMN} record={doc} options={options} />
              <Text fontSize="xs" color="fg.subtle" flexShrink={0}>
                {formatRelative(doc.updatedAt)}
              </Text>
            </Flex>
          ))}
        </Stack>
      )}
      {total > SHOWN && (
        <Text fontSize="xs" color="fg.muted" mt="3">
          The {SHOWN} most recently changed of {total} are shown.
        </Text>
      )}
    </Box>
  )
}
