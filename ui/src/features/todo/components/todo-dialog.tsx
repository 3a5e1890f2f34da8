import { Box, Button, CloseButton, Dialog, Field, HStack, Input, Portal, SimpleGrid, Stack, Text, Textarea, Wrap } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useState } from 'react'

import { Checkbox } from '@/components/ui/checkbox'
import { errorMessage } from '@/data/client'

import type { NewTodo, Todo, TodoLabel } from '../api'
import { todoDialogAtom } from '../atoms'
import { formFromTodo, todoFromForm, validateTodo, type TodoForm } from '../todo-utils'

function TodoFormBody({
  todo,
  labels,
  onSave,
  onRemove,
  onClose,
}: {
  todo: Todo | null
  labels: TodoLabel[]
  onSave: (body: NewTodo | Todo) => Promise<void>
  onRemove: (todo: Todo) => Promise<void>
  onClose: () => void
}) {
  const [form, setForm] = useState<TodoForm>(() => formFromTodo(todo))
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const errors = validateTodo(form)
  const set = <K extends keyof TodoForm>(key: K, value: TodoForm[K]) => setForm((f) => ({ ...f, [key]: value }))

  async function submit() {
    setSubmitted(true)
    if (Object.keys(errors).length) return
    setSaving(true)
    setFailure(null)
    try {
      await onSave(todoFromForm(form, todo))
      onClose()
    } catch (e) {
      setFailure(errorMessage(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{todo ? 'Edit task' : 'New task'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root required invalid={submitted && Boolean(errors.title)}>
            <Field.Label>Title</Field.Label>
            <Input value={form.title} onChange={(e) => set('title', e.target.value)} autoFocus data-testid="todo-form-title" />
            <Field.ErrorText>{errors.title}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Notes</Field.Label>
            <Textarea rows={4} value={form.notes} onChange={(e) => set('notes', e.target.value)} data-testid="todo-form-notes" />
          </Field.Root>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root>
              <Field.Label>Start date</Field.Label>
              <Input type="datetime-local" value={form.startDate} onChange={(e) => set('startDate', e.target.value)} data-testid="todo-form-start" />
            </Field.Root>
            <Field.Root invalid={submitted && Boolean(errors.dueDate)}>
              <Field.Label>Due date</Field.Label>
              <Input type="datetime-local" value={form.dueDate} onChange={(e) => set('dueDate', e.target.value)} data-testid="todo-form-due" />
              <Field.ErrorText>{errors.dueDate}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Box>
            <Text fontSize="sm" fontWeight="medium" mb="2">
              Labels
            </Text>
            <Wrap gap="2">
              {labels.map((label) => {
                const on = form.labels.includes(label.id)
                return (
                  <Button
                    key={label.id}
                    size="xs"
                    borderRadius="full"
                    variant={on ? 'solid' : 'outline'}
                    bg={on ? label.color : undefined}
                    color={on ? 'white' : undefined}
                    borderColor={label.color}
                    aria-pressed={on}
                    onClick={() => set('labels', on ? form.labels.filter((x) => x !== label.id) : [...form.labels, label.id])}
                    data-testid={`todo-form-label-${label.handle}`}
                  >
                    {label.title}
                  </Button>
                )
              })}
            </Wrap>
          </Box>
          <HStack gap="6" wrap="wrap">
            <Checkbox checked={form.completed} onCheckedChange={(d) => set('completed', Boolean(d.checked))} inputProps={{ 'data-testid': 'todo-form-completed' }}>
              Done
            </Checkbox>
            <Checkbox checked={form.important} onCheckedChange={(d) => set('important', Boolean(d.checked))} inputProps={{ 'data-testid': 'todo-form-important' }}>
              Priority
            </Checkbox>
            <Checkbox checked={form.starred} onCheckedChange={(d) => set('starred', Boolean(d.checked))} inputProps={{ 'data-testid': 'todo-form-starred' }}>
              Starred
            </Checkbox>
          </HStack>
          {failure && (
            <Text color="fg.error" fontSize="sm" data-testid="todo-form-error">
              {failure}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between">
        <Box>
          {todo && (
            <Button
              variant="ghost"
              colorPalette="red"
              size="sm"
              onClick={() => void onRemove(todo).then(onClose)}
              data-testid="todo-form-delete"
            >
              Delete
            </Button>
          )}
        </Box>
        <HStack>
          <Button variant="outline" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" size="sm" loading={saving} data-testid="todo-form-save">
            {todo ? 'Save' : 'Add'}
          </Button>
        </HStack>
      </Dialog.Footer>
    </form>
  )
}

export function TodoDialog(props: {
  labels: TodoLabel[]
  onSave: (body: NewTodo | Todo) => Promise<void>
  onRemove: (todo: Todo) => Promise<void>
}) {
  const [dialog, setDialog] = useAtom(todoDialogAtom)
  const todo = dialog?.mode === 'edit' ? dialog.todo : null
  return (
    <Dialog.Root open={Boolean(dialog)} onOpenChange={(d) => !d.open && setDialog(null)} size={{ base: 'full', md: 'lg' }} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="todo-dialog">
            {dialog && <TodoFormBody key={todo?.id ?? 'new'} todo={todo} {...props} onClose={() => setDialog(null)} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
