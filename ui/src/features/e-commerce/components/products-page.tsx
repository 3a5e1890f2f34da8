import { Badge, Box, Button, Flex, HStack, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'

import { CloseIcon, PlusIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { Checkbox } from '@/components/ui/checkbox'
import { errorMessage } from '@/data/client'
import { useApiData } from '@/hooks/use-api-data'
import { formatNumber } from '@/lib/format'
import { showMessage } from '@/lib/snackbar'

import { fetchProducts, saveProduct, type Product } from '../api'
import { formatPrice } from '../pricing'
import { useTableView } from '../use-table-state'

import { PageHeader } from '@/components/page-header'
import { ProductThumb } from './product-thumb'
import { SortHeader, TableFrame, TableSearch } from './table-parts'

const DEFAULT_SORT = { sort: 'name', dir: 'asc' } as const

const searchText = (p: Product) => [p.name, p.sku, ...p.categories, ...p.tags].join(' ')
const sortValue = (p: Product, key: string) =>
  key === 'category' ? p.categories[0] : key === 'price' ? p.priceTaxIncl : key === 'quantity' ? p.quantity : key === 'active' ? p.active : p.name

function QuantityBadge({ quantity }: { quantity: number }) {
  const palette = quantity === 0 ? 'red' : quantity <= 5 ? 'orange' : 'green'
  return (
    <Badge colorPalette={palette} variant="subtle" fontVariantNumeric="tabular-nums">
      {formatNumber(quantity)}
    </Badge>
  )
}

/** /apps/e-commerce/products: the catalogue, searchable, sortable and paged, with bulk (de)activation. */
export default function ProductsPage() {
  const products = useApiData('e-commerce-products', fetchProducts)
  const { state, update, view, onSort, onSearch } = useTableView(products.data, DEFAULT_SORT, searchText, sortValue)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const navigate = useNavigate()
  const pageIds = view.rows.map((p) => p.id)
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id))
  const someOnPage = pageIds.some((id) => selected.has(id))

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const togglePage = () =>
    setSelected((s) => {
      const next = new Set(s)
      for (const id of pageIds) {
        if (allOnPage) next.delete(id)
        else next.add(id)
      }
      return next
    })

  /** Bulk (de)activation: one product/save per selected product. */
  async function setActive(active: boolean) {
    const chosen = (products.data ?? []).filter((p) => selected.has(p.id) && p.active !== active)
    setBusy(true)
    const saved: Product[] = []
    try {
      for (const product of chosen) saved.push(await saveProduct({ ...product, active }))
      showMessage(`${saved.length} product${saved.length === 1 ? '' : 's'} ${active ? 'activated' : 'deactivated'}.`, 'success')
      setSelected(new Set())
    } catch (error) {
      showMessage(errorMessage(error), 'error', { title: 'Could not save every product' })
    } finally {
      if (saved.length) products.setData((list) => (list ?? []).map((p) => saved.find((s) => s.id === p.id) ?? p))
      setBusy(false)
    }
  }

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} data-testid="products-page">
      <Stack gap="5">
        <PageHeader
          dense
          title="Products"
          subtitle={products.data ? `${formatNumber(products.data.length)} products in the catalogue` : 'The catalogue'}
          testId="products-title"
          actions={
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/apps/e-commerce/products/new" data-testid="product-new">
                <PlusIcon /> Add new product
              </RouterLink>
            </Button>
          }
        />
        <Flex gap="3" align="center" wrap="wrap">
          <TableSearch value={state.q} onChange={onSearch} placeholder="Search products" testId="products-search" />
          {selected.size > 0 && (
            <HStack gap="2" wrap="wrap" bg="bg.subtle" borderRadius="md" px="3" py="1.5" data-testid="products-bulk">
              <Text fontSize="sm" fontWeight="medium" data-testid="products-selected">
                {selected.size} selected
              </Text>
              <Button size="xs" variant="outline" loading={busy} onClick={() => setActive(true)} data-testid="bulk-activate">
                Activate
              </Button>
              <Button size="xs" variant="outline" loading={busy} onClick={() => setActive(false)} data-testid="bulk-deactivate">
                Deactivate
              </Button>
              <Button size="xs" variant="ghost" onClick={() => setSelected(new Set())} aria-label="Clear the selection">
                <CloseIcon /> Clear
              </Button>
            </HStack>
          )}
        </Flex>
        {products.status === 'error' && <LoadError title="Could not load the products" error={products.error} onRetry={products.reload} testId="products-error" />}
        <TableFrame
          testId="products-table"
          columns={7}
          header={
            <>
              <Table.ColumnHeader w="10">
                <Checkbox
                  size="sm"
                  checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
                  onCheckedChange={togglePage}
                  inputProps={{ 'aria-label': 'Select the products on this page', 'data-testid': 'select-page' }}
                />
              </Table.ColumnHeader>
              <Table.ColumnHeader w="14" />
              <SortHeader label="Name" sortKey="name" state={state} onSort={onSort} />
              <SortHeader label="Category" sortKey="category" state={state} onSort={onSort} display={{ base: 'none', md: 'table-cell' }} />
              <SortHeader label="Price" sortKey="price" state={state} onSort={onSort} textAlign="end" />
              <SortHeader label="Quantity" sortKey="quantity" state={state} onSort={onSort} textAlign="end" />
              <SortHeader label="Active" sortKey="active" state={state} onSort={onSort} textAlign="center" display={{ base: 'none', sm: 'table-cell' }} />
            </>
          }
          loading={products.status === 'loading'}
          empty={products.status === 'success' && view.total === 0 ? { testId: 'products-empty', text: <>No product matches “{state.q}”.</> } : undefined}
          state={state}
          total={view.total}
          pages={view.pages}
          onChange={update}
        >
          {view.rows.map((p) => (
            <Table.Row
              key={p.id}
              cursor="pointer"
              onClick={() => navigate(`/apps/e-commerce/products/${p.id}`)}
              data-testid={`product-row-${p.id}`}
              data-selected={selected.has(p.id) || undefined}
            >
              <Table.Cell onClick={(e) => e.stopPropagation()}>
                <Checkbox
                  size="sm"
                  checked={selected.has(p.id)}
                  onCheckedChange={() => toggle(p.id)}
                  inputProps={{ 'aria-label': `Select ${p.name}`, 'data-testid': `select-${p.id}` }}
                />
              </Table.Cell>
              <Table.Cell>
                <ProductThumb name={p.name} seed={p.images.find((i) => i.id === p.featuredImageId)?.url ?? p.name} />
              </Table.Cell>
              <Table.Cell>
                <RouterLink to={`/apps/e-commerce/products/${p.id}`} onClick={(e) => e.stopPropagation()}>
                  <Text fontWeight="medium" _hover={{ color: 'brand.fg' }} data-testid={`product-name-${p.id}`}>
                    {p.name}
                  </Text>
                </RouterLink>
                <Text fontSize="xs" color="fg.subtle">
                  SKU {p.sku}
                </Text>
              </Table.Cell>
              <Table.Cell display={{ base: 'none', md: 'table-cell' }} color="fg.muted">
                {p.categories.join(', ')}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid={`product-price-${p.id}`}>
                {formatPrice(p.priceTaxIncl)}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <QuantityBadge quantity={p.quantity} />
              </Table.Cell>
              <Table.Cell textAlign="center" display={{ base: 'none', sm: 'table-cell' }}>
                <Badge colorPalette={p.active ? 'green' : 'gray'} variant={p.active ? 'subtle' : 'outline'} data-testid={`product-active-${p.id}`}>
                  {p.active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </TableFrame>
        <Text fontSize="xs" color="fg.subtle">
          Products cannot be removed here: the products API has no removal call. Deactivate a product to take it out of sale.
        </Text>
      </Stack>
    </Box>
  )
}
