import { Alert, Box, Button, Flex, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useState, type ReactNode } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'

import { ArrowLeftIcon, EditIcon, HistoryIcon, RefreshIcon, TrashIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { ApiError, errorMessage, type FieldErrors } from '@/data/client'
import { createRecord, deleteRecord, getRecord, updateRecord, type AnyRecord, type Resource } from '@/data/records'
import { useOptions } from '@/hooks/use-options'
import { ROLE_LABELS, userAtom } from '@/lib/auth'
import { useDialog } from '@/lib/dialog'
import { formatDateTime, formatRelative } from '@/lib/format'
import { canCreate, canDelete, editableFields } from '@/lib/permissions'
import { actorLabel, formErrorSummary } from '@/lib/record-labels'
import { showMessage } from '@/lib/snackbar'

import { RESOURCE_CONFIGS, type ResourceConfig } from '@/config/records'
import { conflictFields, defaultChoices, mergeChoices, type Choice, type ConflictField } from '../conflict'
import { changedValues, createValues, toFormValues, type FormValues } from '../form-values'
import { useHistory, useRecordDetail } from '../hooks'

import { ConflictReview } from './conflict-review'
import { DocumentPanel } from './document-preview'
import { HistoryList } from './history'
import { DocumentText } from './document-text'
import { LinkedDocuments } from './linked-documents'
import { RecordForm } from './record-form'
import { EnumBadge, RecordValue } from './value'

function Card({ title, icon, children, testId }: { title: string; icon?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '6' }} data-testid={testId}>
      <HStack mb="4" gap="2">
        {icon}
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </HStack>
      {children}
    </Box>
  )
}

const BADGE_FIELDS: Record<Resource, string[]> = {
  assets: ['status', 'risk'],
  documents: ['state'],
  leads: ['stage', 'risk'],
}

/** Why this person sees no Edit button: their role, in words (the spec's permission matrix). */
function readOnlyReason(role: string | undefined, config: ResourceConfig): string {
  const name = role ? (ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role) : 'Your role'
  if (role === 'contractor') return `${name}s can view ${config.title.toLowerCase()} but not change them. Ask a manager to make a change.`
  if (role === 'technician')
    return `Technicians change only what is assigned to them or what they own. Ask the owner or a manager to change this ${config.one}.`
  return `Your role (${name}) cannot change this ${config.one}. Ask a manager or an administrator.`
}

function BackLink({ config }: { config: ResourceConfig }) {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2">
      <RouterLink to={config.path} data-testid="detail-back">
        <ArrowLeftIcon /> {config.title}
      </RouterLink>
    </Button>
  )
}

/** New record: the create form (/assets/new, /documents/new, /leads/new). */
function CreateView({ config }: { config: ResourceConfig }) {
  const navigate = useNavigate()
  const options = useOptions()
  const user = useAtomValue(userAtom)
  const [values, setValues] = useState<FormValues>(() => ({
    ...toFormValues(config.fields, null),
    ...(config.resource === 'assets' ? { status: 'GOOD', risk: 'L' } : {}),
    ...(config.resource === 'leads' ? { stage: 'new', risk: 'L', probability: '10' } : {}),
  }))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  if (!canCreate(user.role[0], config.resource)) {
    return (
      <Alert.Root status="warning" borderRadius="lg" data-testid="create-forbidden">
        <Alert.Indicator />
        <Alert.Title>Your role cannot create {config.title.toLowerCase()}.</Alert.Title>
      </Alert.Root>
    )
  }

  const submit = async () => {
    setSubmitting(true)
    setFormError(null)
    try {
      const created = await createRecord(config.resource, createValues(config.fields, values))
      showMessage(`The ${config.one} was created.`, 'success')
      navigate(`${config.path}/${created.id}`, { replace: true })
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : {})
      setFormError(formErrorSummary(error, config.fields, config.resource))
      setSubmitting(false)
    }
  }

  return (
    <Card title={`New ${config.one}`}>
      {formError && (
        <Alert.Root status="error" mb="5" borderRadius="lg" data-testid="form-error">
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
        </Alert.Root>
      )}
      <RecordForm
        resource={config.resource}
        fields={config.fields}
        values={values}
        onValues={setValues}
        editable="all"
        errors={errors}
        options={options}
        submitting={submitting}
        submitLabel={`Create ${config.one}`}
        onSubmit={() => void submit()}
        onCancel={() => navigate(config.path)}
      />
    </Card>
  )
}

function RecordView({ config, id }: { config: ResourceConfig; id: number }) {
  const navigate = useNavigate()
  const options = useOptions()
  const user = useAtomValue(userAtom)
  const { confirm } = useDialog()
  const detail = useRecordDetail(config.resource, id)
  const [editing, setEditing] = useState(false)
  const [values, setValues] = useState<FormValues>({})
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  // Someone else saved while this person edited: their version, the fields they changed, the choices.
  const [review, setReview] = useState<{ theirs: AnyRecord; rows: ConflictField[]; choices: Record<string, Choice | undefined> } | null>(null)
  const [submitting, setSubmitting] = useState(false)

  const base = detail.record
  // Not editing: pushes are shown at once. Editing: the form keeps its base; a notice explains.
  const shown = base && !editing && detail.live?.record ? ({ ...base, ...detail.live.record } as AnyRecord) : base
  const history = useHistory(config.resource, id, Math.max(shown?.version ?? 0, detail.live?.version ?? 0) || undefined)
  const role = user.role[0]
  const editable = shown ? editableFields(role, user.data?.id, config.resource, shown) : []
  const mayEdit = editable === 'all' || editable.length > 0

  if (detail.status === 'loading') {
    return (
      <Stack gap="4">
        <Skeleton h="10" w="2/3" />
        <Skeleton h="64" />
      </Stack>
    )
  }
  if (!shown && detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <Alert.Root status="info" borderRadius="lg" data-testid="detail-missing">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            This {config.one} no longer exists
          </Alert.Title>
          <Alert.Description>It was deleted, or the link is wrong. Its history stays with the administrators.</Alert.Description>
        </Alert.Content>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={config.path} data-testid="detail-missing-back">
            Back to {config.title.toLowerCase()}
          </RouterLink>
        </Button>
      </Alert.Root>
    )
  }
  if (!shown) {
    return (
      <LoadError title={`This ${config.one} could not be shown`} error={detail.error} onRetry={detail.reload} testId="detail-error" />
    )
  }

  const startEdit = () => {
    setValues(toFormValues(config.fields, shown))
    setErrors({})
    setFormError(null)
    setReview(null)
    if (detail.live?.record && base) detail.replace({ ...base, ...detail.live.record } as AnyRecord)
    setEditing(true)
  }

  /** Throw the draft away and start again from their version. */
  const discardDraft = () => {
    const current = detail.live?.record ? ({ ...shown, ...detail.live.record } as AnyRecord) : null
    if (current) {
      detail.replace(current)
      setValues(toFormValues(config.fields, current))
    } else {
      detail.reload()
      setEditing(false)
    }
    setReview(null)
    setErrors({})
    setFormError(null)
  }

  /** "Review changes": their saved version beside the draft, per field; the draft is kept as typed. */
  const openReview = async (draft: FormValues, current?: AnyRecord | null) => {
    if (!base) return
    setSubmitting(true)
    try {
      const theirs = current ?? ((await getRecord(config.resource, base.id)) as unknown as AnyRecord)
      const rows = conflictFields(config.fields, base, theirs, draft)
      setReview({ theirs, rows, choices: defaultChoices(rows) })
      setFormError(null)
    } catch (error) {
      setFormError(errorMessage(error))
    } finally {
      setSubmitting(false)
    }
  }

  /** Save the chosen values on top of their version (a third save meanwhile: review again). */
  const saveReviewed = async () => {
    if (!review) return
    const merged = mergeChoices(values, review.rows, review.choices)
    const theirs = review.theirs
    setValues(merged)
    detail.replace(theirs)
    setReview(null)
    await save(theirs, merged)
  }

  const save = async (from: AnyRecord | null = base, draft: FormValues = values) => {
    if (!from) return
    const changes = changedValues(
      config.fields.filter((f) => f.editable && (!f.when || f.when(draft))),
      from,
      draft,
    )
    if (Object.keys(changes).length === 0) {
      setEditing(false)
      return
    }
    setSubmitting(true)
    setFormError(null)
    setErrors({})
    try {
      const saved = await updateRecord(config.resource, from.id, from.version, changes)
      detail.replace(saved as unknown as AnyRecord)
      setEditing(false)
      showMessage(`Saved the ${config.one}.`, 'success')
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const current = (error.body as { current?: AnyRecord } | undefined)?.current ?? null
        setSubmitting(false)
        await openReview(draft, current)
      } else {
        setErrors(error instanceof ApiError ? error.errors : {})
        setFormError(formErrorSummary(error, config.fields, config.resource))
      }
    } finally {
      setSubmitting(false)
    }
  }

  const remove = async () => {
    const ok = await confirm({
      title: `Delete this ${config.one}?`,
      body: `“${config.titleOf(shown)}” will be deleted for everyone. Its history is kept.`,
      confirmLabel: 'Delete',
      tone: 'danger',
    })
    if (!ok) return
    try {
      await deleteRecord(config.resource, shown.id)
      showMessage(`The ${config.one} was deleted.`, 'success')
      navigate(config.path, { replace: true })
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    }
  }

  const who = actorLabel(config.resource, detail.live?.record?.updatedBy as { displayName?: string } | null | undefined)
  const changedFields = !editing && detail.live && !detail.deleted ? detail.live.changed : []

  return (
    <Stack gap="5">
      <Flex justify="space-between" gap="4" wrap="wrap" align="flex-start">
        <Box minW="0">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="detail-title" wordBreak="break-word">
            {config.titleOf(shown)}
          </Heading>
          <HStack mt="2" gap="2" wrap="wrap">
            {BADGE_FIELDS[config.resource].map((key) => {
              const def = config.fields.find((f) => f.key === key)
              return shown[key] ? <EnumBadge key={key} list={def!.options!} value={String(shown[key])} options={options} /> : null
            })}
            <Text fontSize="sm" color="fg.muted">
              {config.subtitleOf(shown)}
            </Text>
          </HStack>
          <Text fontSize="xs" color="fg.subtle" mt="2" data-testid="detail-meta">
            Version {shown.version} · updated {formatRelative(shown.updatedAt)}
            {shown.updatedBy ? ` by ${shown.updatedBy.displayName}` : ''}
          </Text>
        </Box>
        {!editing && !detail.deleted && (
          <HStack gap="2">
            {mayEdit && (
              <Button size="sm" colorPalette="brand" onClick={startEdit} data-testid="detail-edit">
                <EditIcon /> Edit
              </Button>
            )}
            {canDelete(role) && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => void remove()} data-testid="detail-delete">
                <TrashIcon /> Delete
              </Button>
            )}
          </HStack>
        )}
      </Flex>

      {!editing && !mayEdit && !detail.deleted && (
        <Alert.Root status="info" borderRadius="lg" data-testid="read-only-note">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Read only for your role</Alert.Title>
            <Alert.Description>{readOnlyReason(role, config)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {detail.deleted && (
        <Alert.Root status="error" borderRadius="lg" data-testid="deleted-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This {config.one} was deleted by someone else.</Alert.Title>
            <Alert.Description>What you see is how it was before.</Alert.Description>
          </Alert.Content>
          <Button asChild size="sm" variant="outline">
            <RouterLink to={config.path}>Back to {config.title.toLowerCase()}</RouterLink>
          </Button>
        </Alert.Root>
      )}

      {editing && detail.live && !detail.deleted && !review && (
        <Alert.Root status="warning" borderRadius="lg" data-testid="live-change-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{who} changed this {config.one} while you were editing.</Alert.Title>
            <Alert.Description>Your draft is kept. Review their changes and choose, field by field, what to keep.</Alert.Description>
          </Alert.Content>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" colorPalette="brand" onClick={() => void openReview(values)} data-testid="live-review">
              Review changes
            </Button>
            <Button size="sm" variant="outline" onClick={discardDraft} data-testid="live-reload">
              <RefreshIcon /> Discard mine
            </Button>
          </HStack>
        </Alert.Root>
      )}

      {config.resource === 'documents' && <DocumentPanel record={shown} onReplace={detail.replace} />}
      {config.resource === 'documents' && shown.state === 'ready' && <DocumentText record={shown} />}

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 2fr) minmax(300px, 1fr)' }} gap="5" alignItems="start">
        <Card title={editing ? `Edit ${config.one}` : 'Details'}>
          {editing && review ? (
            <ConflictReview
              who={actorLabel(config.resource, review.theirs.updatedBy)}
              rows={review.rows}
              theirs={review.theirs}
              choices={review.choices}
              onChoose={(key, choice) => setReview((r) => (r ? { ...r, choices: { ...r.choices, [key]: choice } } : r))}
              options={options}
              saving={submitting}
              onSave={() => void saveReviewed()}
              onBack={() => setReview(null)}
            />
          ) : editing ? (
            <Stack gap="5">
              {formError && (
                <Alert.Root status="error" borderRadius="lg" data-testid="form-error">
                  <Alert.Indicator />
                  <Alert.Title>{formError}</Alert.Title>
                </Alert.Root>
              )}
              <RecordForm
                resource={config.resource}
                fields={config.fields}
                values={values}
                onValues={setValues}
                editable={editable}
                errors={errors}
                options={options}
                submitting={submitting}
                submitLabel={detail.live && !detail.deleted ? 'Review changes' : 'Save'}
                onSubmit={() => void (detail.live && !detail.deleted ? openReview(values) : save())}
                onCancel={() => {
                  setEditing(false)
                  setReview(null)
                }}
              />
            </Stack>
          ) : (
            <Grid as="dl" templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }} columnGap="6" rowGap="4">
              {config.fields.map((field) => (
                <Box
                  key={field.key}
                  gridColumn={field.kind === 'textarea' ? { sm: 'span 2' } : undefined}
                  borderRadius="md"
                  animation={changedFields.includes(field.key) ? 'portalFlash 2.5s ease-out' : undefined}
                >
                  <Text as="dt" fontSize="xs" color="fg.muted" mb="0.5">
                    {field.label}
                  </Text>
                  <Box as="dd" fontSize="sm" data-testid={`detail-field-${field.key}`}>
                    <RecordValue def={field} record={shown} options={options} />
                  </Box>
                </Box>
              ))}
              <Box>
                <Text as="dt" fontSize="xs" color="fg.muted" mb="0.5">
                  Created
                </Text>
                <Box as="dd" fontSize="sm" data-testid="detail-field-createdAt">
                  {formatDateTime(shown.createdAt)}
                  {shown.createdBy ? ` by ${shown.createdBy.displayName}` : ''}
                </Box>
              </Box>
              <Box>
                <Text as="dt" fontSize="xs" color="fg.muted" mb="0.5">
                  Last updated
                </Text>
                <Box as="dd" fontSize="sm" data-testid="detail-field-updatedAt">
                  {formatDateTime(shown.updatedAt)}
                  {shown.updatedBy ? ` by ${shown.updatedBy.displayName}` : ''}
                </Box>
              </Box>
            </Grid>
          )}
        </Card>
        <Card title="History" icon={<HistoryIcon boxSize="5" color="fg.muted" />} testId="history">
          {history.items ? (
            <HistoryList items={history.items} resource={config.resource} options={options} />
          ) : history.error ? (
            <Text fontSize="sm" color="fg.error">
              {errorMessage(history.error)}
            </Text>
          ) : (
            <Stack gap="3">
              <Skeleton h="5" />
              <Skeleton h="5" />
              <Skeleton h="5" />
            </Stack>
          )}
        </Card>
      </Grid>
      {(config.resource === 'assets' || config.resource === 'leads') && <LinkedDocuments resource={config.resource} record={shown} />}

    </Stack>
  )
}

/** /assets/{id}, /documents/{id}, /leads/{id} (and …/new). */
export default function RecordDetailPage({ resource }: { resource: Resource }) {
  const config = RESOURCE_CONFIGS[resource]
  const { id } = useParams()
  const numeric = id && /^\d+$/.test(id) ? Number(id) : null
  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} data-testid={`detail-page-${resource}`}>
      <Stack gap="4">
        <BackLink config={config} />
        {id === 'new' ? (
          <CreateView config={config} />
        ) : numeric === null ? (
          <Alert.Root status="error" borderRadius="lg" data-testid="detail-error">
            <Alert.Indicator />
            <Alert.Title>No {config.one} with id {id}.</Alert.Title>
          </Alert.Root>
        ) : (
          <RecordView key={numeric} config={config} id={numeric} />
        )}
      </Stack>
    </Box>
  )
}
