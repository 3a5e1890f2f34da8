import { Box, Button, Field, HStack, Input, SimpleGrid, Text, Textarea, Wrap } from '@chakra-ui/react'
import { useAtom } from 'jotai'

import { DialogFrame, FormDialogForm } from '@/components/form-dialog'
import { Checkbox } from '@/components/ui/checkbox'
import { useFormDraft } from '@/hooks/use-form-draft'

import type { NewTodo, Todo, TodoLabel } from '../api'
import { todoDialogAtom } from '../atoms'
import { formFromTodo, todoFromForm, validateTodo } from '../todo-utils'

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
  const { form, set, errors, submitted, saving, failure, submit: save } = useFormDraft(() => formFromTodo(todo), validateTodo)

  const submit = () =>
    save(async () => {
      await onSave(todoFromForm(form, todo))
      onClose()
    })

  return (
    <FormDialogForm
      title={todo ? 'Edit task' : 'New task'}
      onSubmit={() => void submit()}
      onCancel={onClose}
      saving={saving}
      failure={failure}
      failureTestId="todo-form-error"
      submitLabel={todo ? 'Save' : 'Add'}
      submitTestId="todo-form-save"
      onRemove={todo ? () => void onRemove(todo).then(onClose) : undefined}
      removeTestId="todo-form-delete"
    >
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
    </FormDialogForm>
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
    <DialogFrame testId="todo-dialog" open={Boolean(dialog)} onOpenChange={(d) => !d.open && setDialog(null)} size={{ base: 'full', md: 'lg' }}>
      {dialog && <TodoFormBody key={todo?.id ?? 'new'} todo={todo} {...props} onClose={() => setDialog(null)} />}
    </DialogFrame>
  )
}
