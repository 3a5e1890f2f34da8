import { Box, Button, Center, Field, Grid, HStack, IconButton, Input, InputGroup, SimpleGrid, Skeleton, Spinner, Stack, Switch, Tabs, Text, Textarea } from '@chakra-ui/react'
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'

import { ArrowLeftIcon, StarFilledIcon, TrashIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { NotFoundState } from '@/components/not-found-state'
import { errorMessage } from '@/data/client'
import { useApiData } from '@/hooks/use-api-data'
import { useDialog } from '@/lib/dialog'
import { showMessage } from '@/lib/snackbar'

import { fetchProduct, IMAGE_TYPES, imageProblem, MAX_IMAGE_BYTES, MAX_IMAGES, removeProductImage, saveProduct, uploadProductImage, type Product, type ProductImage } from '../api'
import { formatPrice, newProductId } from '../pricing'
import { blankProduct, changePrice, isDirty, toFormValues, toProduct, validate, type ProductFormValues } from '../product-form'

import { PageHeader } from '@/components/page-header'
import { ProductThumb } from './product-thumb'
import { TagField } from './tag-field'

type FieldName = keyof ProductFormValues

function TextField({
  label,
  name,
  values,
  errors,
  onChange,
  type = 'text',
  unit,
  helper,
  required,
}: {
  label: string
  name: FieldName
  values: ProductFormValues
  errors: Partial<Record<FieldName, string>>
  onChange: (name: FieldName, value: string) => void
  type?: 'text' | 'number'
  unit?: ReactNode
  helper?: string
  required?: boolean
}) {
  const input = (
    <Input
      type={type}
      step={type === 'number' ? 'any' : undefined}
      min={type === 'number' ? 0 : undefined}
      inputMode={type === 'number' ? 'decimal' : undefined}
      value={String(values[name] ?? '')}
      onChange={(e) => onChange(name, e.target.value)}
      data-testid={`field-${name}`}
    />
  )
  return (
    <Field.Root invalid={Boolean(errors[name])} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {unit ? <InputGroup startElement={unit}>{input}</InputGroup> : input}
      {errors[name] ? <Field.ErrorText data-testid={`error-${name}`}>{errors[name]}</Field.ErrorText> : helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  )
}

function ProductEditor({ product, isNew, onSaved, onImages }: { product: Product; isNew: boolean; onSaved: (p: Product) => void; onImages: (p: Product) => void }) {
  const initial = useMemo(() => toFormValues(product), [product])
  const [values, setValues] = useState(initial)
  const [baseline, setBaseline] = useState(initial)
  const [tab, setTab] = useState('basic')
  const [saving, setSaving] = useState(false)
  const errors = validate(values)
  const valid = Object.keys(errors).length === 0
  const dirty = isDirty(values, baseline)

  const onChange = (name: FieldName, value: string) => {
    setValues((v) => (name === 'priceTaxExcl' || name === 'priceTaxIncl' || name === 'taxRate' ? changePrice(v, name, value) : { ...v, [name]: value }))
  }
  const field = { values, errors, onChange }
  const { confirm } = useDialog()
  const fileInput = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  /** The stored product's images changed (upload, removal): the form follows its featured image. */
  const imagesChanged = (saved: Product, removedId?: string) => {
    const follow = (v: ProductFormValues) =>
      v.featuredImageId === null || v.featuredImageId === removedId || !saved.images.some((i) => i.id === v.featuredImageId)
        ? { ...v, featuredImageId: saved.featuredImageId }
        : v
    setValues(follow)
    setBaseline(follow)
    onImages(saved)
  }

  async function upload(files: File[]) {
    const problem = files.map(imageProblem).find(Boolean)
    if (problem) return showMessage(problem, 'error')
    if (product.images.length + files.length > MAX_IMAGES) return showMessage(`A product holds at most ${MAX_IMAGES} images.`, 'error')
    setUploading(true)
    try {
      for (const file of files) imagesChanged(await uploadProductImage(product.id, file))
      showMessage(files.length === 1 ? 'Image added.' : `${files.length} images added.`, 'success')
    } catch (error) {
      showMessage(errorMessage(error), 'error', { title: 'Could not add the image' })
    } finally {
      setUploading(false)
    }
  }

  async function removeImage(image: ProductImage) {
    const ok = await confirm({ title: 'Remove this image?', body: 'It is taken off the product for good.', confirmLabel: 'Remove', tone: 'danger' })
    if (!ok) return
    try {
      imagesChanged(await removeProductImage(product.id, image.id), image.id)
      showMessage('Image removed.', 'success')
    } catch (error) {
      showMessage(errorMessage(error), 'error', { title: 'Could not remove the image' })
    }
  }

  async function save() {
    if (!valid) {
      if (errors.name) setTab('basic')
      else if (errors.quantity) setTab('inventory')
      else if (errors.extraShippingFee) setTab('shipping')
      else setTab('pricing')
      return
    }
    setSaving(true)
    try {
      const saved = await saveProduct(toProduct(product, values))
      const next = toFormValues(saved)
      setValues(next)
      setBaseline(next)
      showMessage(`${saved.name} saved.`, 'success')
      onSaved(saved)
    } catch (error) {
      showMessage(errorMessage(error), 'error', { title: 'Could not save the product' })
    } finally {
      setSaving(false)
    }
  }

  const featured = product.images.find((i) => i.id === values.featuredImageId) ?? product.images[0]
  return (
    <Stack gap="5">
      <PageHeader
        dense
        title={values.name || (isNew ? 'New product' : product.name)}
        subtitle={isNew ? 'A new product for the catalogue' : `Product detail · SKU ${values.sku || '—'}`}
        testId="product-title"
        leading={
          <HStack gap="3">
            <IconButton asChild variant="ghost" size="sm" aria-label="Back to the products">
              <RouterLink to="/apps/e-commerce/products" data-testid="product-back">
                <ArrowLeftIcon />
              </RouterLink>
            </IconButton>
            <ProductThumb name={values.name || 'New product'} seed={featured?.url ?? values.name} size="12" display={{ base: 'none', sm: 'flex' }} />
          </HStack>
        }
        actions={
          <>
            <Switch.Root checked={values.active} onCheckedChange={(e) => setValues((v) => ({ ...v, active: e.checked }))} colorPalette="brand" data-testid="field-active">
              <Switch.HiddenInput />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label>{values.active ? 'Active' : 'Inactive'}</Switch.Label>
            </Switch.Root>
            <Button colorPalette="brand" size="sm" onClick={save} loading={saving} disabled={!dirty && !isNew} data-testid="product-save">
              Save
            </Button>
          </>
        }
      />
      <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl">
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line">
          <Tabs.List px={{ base: '2', md: '4' }} overflowX="auto" overflowY="hidden">
            {[
              ['basic', 'Basic info'],
              ['images', 'Product images'],
              ['pricing', 'Pricing'],
              ['inventory', 'Inventory'],
              ['shipping', 'Shipping'],
            ].map(([value, label]) => (
              <Tabs.Trigger key={value} value={value} data-testid={`product-tab-${value}`} whiteSpace="nowrap">
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Box p={{ base: '4', md: '6' }}>
            <Tabs.Content value="basic" p="0">
              <Stack gap="5" maxW="3xl">
                <TextField label="Name" name="name" required {...field} />
                <TextField label="Handle" name="handle" helper="Used in the product's address; left empty, it is made from the name." {...field} />
                <Field.Root>
                  <Field.Label>Description</Field.Label>
                  <Textarea value={values.description} onChange={(e) => onChange('description', e.target.value)} rows={5} data-testid="field-description" />
                </Field.Root>
                <TagField label="Categories" values={values.categories} onChange={(categories) => setValues((v) => ({ ...v, categories }))} testId="field-categories" />
                <TagField label="Tags" values={values.tags} onChange={(tags) => setValues((v) => ({ ...v, tags }))} testId="field-tags" />
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="images" p="0">
              <HStack justify="space-between" align="center" mb="4" gap="3" wrap="wrap">
                <Text fontSize="sm" color="fg.muted">
                  {isNew
                    ? 'Save the product first, then add its images.'
                    : product.images.length === 0
                      ? 'This product has no images yet.'
                      : 'Pick the featured image: it shows in the catalogue and on the orders.'}
                </Text>
                <input
                  ref={fileInput}
                  type="file"
                  accept={IMAGE_TYPES.join(',')}
                  multiple
                  hidden
                  onChange={(e) => {
                    const files = Array.from(e.target.files ?? [])
                    e.target.value = ''
                    if (files.length) void upload(files)
                  }}
                  data-testid="product-image-input"
                />
                <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()} loading={uploading} loadingText="Uploading…" disabled={isNew || product.images.length >= MAX_IMAGES} data-testid="product-image-upload">
                  Upload images
                </Button>
              </HStack>
              {product.images.length === 0 ? (
                <Text color="fg.subtle" fontSize="sm" data-testid="product-no-images">
                  PNG, JPEG, WebP or GIF, up to {MAX_IMAGE_BYTES / (1024 * 1024)} MB each and {MAX_IMAGES} images a product.
                </Text>
              ) : (
                <SimpleGrid columns={{ base: 2, sm: 3, lg: 4 }} gap="4" data-testid="product-images">
                  {product.images.map((image) => {
                    const isFeatured = image.id === values.featuredImageId
                    return (
                      <Box key={image.id} position="relative" data-testid={`product-image-tile-${image.id}`}>
                        <Box
                          as="button"
                          display="block"
                          w="full"
                          borderRadius="lg"
                          borderWidth="3px"
                          borderColor={isFeatured ? 'orange.400' : 'transparent'}
                          overflow="hidden"
                          onClick={() => setValues((v) => ({ ...v, featuredImageId: image.id }))}
                          aria-pressed={isFeatured}
                          aria-label={`Image ${image.url.split('/').pop()}${isFeatured ? ' (featured)' : ''}`}
                          data-testid={`product-image-${image.id}`}
                          textAlign="start"
                        >
                          <ProductThumb name={values.name || product.name} seed={image.url} size="full" h="32" borderRadius="0" />
                          <Text fontSize="xs" px="2" py="1.5" bg="bg.subtle" truncate>
                            {image.url.split('/').pop()}
                          </Text>
                        </Box>
                        {isFeatured && (
                          <Center position="absolute" top="2" right="2" boxSize="7" borderRadius="full" bg="orange.400" color="white" pointerEvents="none" data-testid="featured-badge">
                            <StarFilledIcon boxSize="4" />
                          </Center>
                        )}
                        <IconButton
                          aria-label={`Remove image ${image.url.split('/').pop()}`}
                          size="2xs"
                          variant="solid"
                          colorPalette="red"
                          position="absolute"
                          top="2"
                          left="2"
                          onClick={() => void removeImage(image)}
                          data-testid={`product-image-remove-${image.id}`}
                        >
                          <TrashIcon />
                        </IconButton>
                      </Box>
                    )
                  })}
                </SimpleGrid>
              )}
            </Tabs.Content>
            <Tabs.Content value="pricing" p="0">
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="5" maxW="3xl">
                <TextField label="Tax excluded price" name="priceTaxExcl" type="number" unit="$" {...field} />
                <TextField label="Tax rate (%)" name="taxRate" type="number" unit="%" {...field} />
                <TextField label="Tax included price" name="priceTaxIncl" type="number" unit="$" helper="Follows the tax-excluded price and the tax rate; typing it works the tax-excluded price out." {...field} />
                <TextField label="Compared price" name="comparedPrice" type="number" unit="$" helper="The price before a discount, shown struck through." {...field} />
              </Grid>
              <Text fontSize="sm" color="fg.muted" mt="5" data-testid="price-summary">
                {formatPrice(Number(values.priceTaxExcl) || 0)} + {Number(values.taxRate) || 0}% tax = {formatPrice(Number(values.priceTaxIncl) || 0)}
              </Text>
            </Tabs.Content>
            <Tabs.Content value="inventory" p="0">
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="5" maxW="3xl">
                <TextField label="SKU" name="sku" {...field} />
                <TextField label="Quantity" name="quantity" type="number" {...field} />
              </Grid>
            </Tabs.Content>
            <Tabs.Content value="shipping" p="0">
              <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="5" maxW="3xl">
                <TextField label="Width" name="width" helper="With its unit, e.g. 40cm" {...field} />
                <TextField label="Height" name="height" {...field} />
                <TextField label="Depth" name="depth" {...field} />
                <TextField label="Weight" name="weight" helper="With its unit, e.g. 3kg" {...field} />
                <TextField label="Extra shipping fee" name="extraShippingFee" type="number" unit="$" {...field} />
              </Grid>
            </Tabs.Content>
          </Box>
        </Tabs.Root>
      </Box>
    </Stack>
  )
}

/** /apps/e-commerce/products/:productId (or /new): the product form with its five tabs. */
export default function ProductPage() {
  const { productId = '' } = useParams()
  const navigate = useNavigate()
  const isNew = productId === 'new'
  const [newId] = useState(newProductId)
  const product = useApiData(isNew ? null : `e-commerce-product-${productId}`, (signal) => fetchProduct(productId, signal))
  const shown = isNew ? blankProduct(newId) : product.data

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} data-testid="product-page">
      {!isNew && product.status === 'loading' && (
        <Stack gap="5">
          <Skeleton h="12" w="72" />
          <Skeleton h="96" borderRadius="xl" />
          <Center>
            <Spinner color="brand.solid" />
          </Center>
        </Stack>
      )}
      {!isNew && product.status === 'error' && <LoadError title="Could not load the product" error={product.error} onRetry={product.reload} />}
      {!isNew && product.status === 'success' && !product.data && (
        <NotFoundState title="There is no such product" backTo="/apps/e-commerce/products" backLabel="Go to the products" testId="product-not-found" />
      )}
      {shown && (
        <ProductEditor
          key={shown.id}
          product={shown}
          isNew={isNew}
          onSaved={(saved) => (isNew ? navigate(`/apps/e-commerce/products/${saved.id}`, { replace: true }) : product.setData(saved))}
          onImages={(saved) => product.setData(saved)}
        />
      )}
    </Box>
  )
}
