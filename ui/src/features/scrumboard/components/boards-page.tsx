import { Box, Button, Center, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'

import { errorMessage } from '@/data/client'
import { showMessage } from '@/lib/snackbar'

import { getBoards, newBoard } from '../api'
import { boardsAtom } from '../atoms'
import { blankBoard } from '../board-utils'
import { BoardIcon, PlusIcon } from '../icons'

/** /apps/scrumboard: every board, and a new one. */
export default function BoardsPage() {
  const [boards, setBoards] = useAtom(boardsAtom)
  const [error, setError] = useState<unknown>(null)
  const [creating, setCreating] = useState(false)
  const navigate = useNavigate()

  useEffect(() => {
    const controller = new AbortController()
    getBoards(controller.signal).then(setBoards, (e: unknown) => !controller.signal.aborted && setError(e))
    return () => controller.abort()
  }, [setBoards])

  async function create() {
    setCreating(true)
    try {
      const board = await newBoard(blankBoard())
      navigate(`/apps/scrumboard/boards/${board.id}/${board.uri}`)
    } catch (e) {
      showMessage(errorMessage(e), 'error')
      setCreating(false)
    }
  }

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '8', md: '14' }} data-testid="boards-page">
      <Stack gap="10" maxW="5xl" mx="auto">
        <Stack gap="2" textAlign="center" align="center">
          <Flex boxSize="12" borderRadius="xl" bg="brand.solid" color="brand.contrast" align="center" justify="center">
            <BoardIcon boxSize="6" />
          </Flex>
          <Heading as="h1" size="3xl">
            Scrumboard
          </Heading>
          <Text color="fg.muted">Pick a board to work on, or start a new one.</Text>
        </Stack>
        {error && !boards ? (
          <Center flexDirection="column" gap="2">
            <Text fontWeight="semibold">The boards could not be loaded</Text>
            <Text fontSize="sm" color="fg.muted">
              {errorMessage(error)}
            </Text>
          </Center>
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="5">
            {!boards
              ? [0, 1, 2].map((i) => <Skeleton key={i} h="40" borderRadius="2xl" />)
              : boards.map((b) => (
                  <RouterLink key={b.id} to={`/apps/scrumboard/boards/${b.id}/${b.uri}`} data-testid={`board-tile-${b.id}`}>
                    <Stack
                      h="40"
                      align="center"
                      justify="center"
                      gap="3"
                      p="6"
                      bg="bg.panel"
                      borderWidth="1px"
                      borderColor="border.muted"
                      borderRadius="2xl"
                      textAlign="center"
                      transition="all 0.15s"
                      _hover={{ borderColor: 'brand.solid', transform: 'translateY(-2px)', boxShadow: 'lg' }}
                    >
                      <Flex boxSize="10" borderRadius="full" bg="brand.muted" color="brand.fg" align="center" justify="center">
                        <BoardIcon boxSize="5" />
                      </Flex>
                      <Text fontWeight="semibold" lineClamp={2}>
                        {b.name}
                      </Text>
                    </Stack>
                  </RouterLink>
                ))}
            {boards && (
              <Button
                h="40"
                variant="outline"
                borderStyle="dashed"
                borderWidth="2px"
                borderRadius="2xl"
                flexDirection="column"
                gap="3"
                color="fg.muted"
                loading={creating}
                onClick={() => void create()}
                data-testid="board-new"
              >
                <PlusIcon boxSize="6" />
                Add new board
              </Button>
            )}
          </SimpleGrid>
        )}
      </Stack>
    </Box>
  )
}
