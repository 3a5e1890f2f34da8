import { Text } from '@chakra-ui/react'

import { Code, DocPage, DocSection, Snippet } from './doc-page'

/** /documentation/components: the portal's own building blocks. */
export default function ComponentsPage() {
  return (
    <DocPage testId="doc-components" section="Components" title="Components" lead="The building blocks every page of the portal uses, and where they live.">
      <DocSection title="Navigation">
        <Text>
          The menu is derived from the route registry (<Code>src/app/navigation.ts</Code>). Items are groups, collapses, items, links or dividers,
          with a title, an icon, a url, an optional badge and an auth setting. A collapse opens by itself when one of its pages is open.
        </Text>
        <Snippet>{`{
  id: 'invoice', title: 'Invoice', type: 'collapse', icon: 'receipt',
  children: [
    { id: 'invoice-modern', title: 'Modern', type: 'item', icon: 'receipt', url: '/pages/invoice/modern' },
  ],
}`}</Snippet>
      </DocSection>
      <DocSection title="Routes">
        <Text>
          Every page is a lazy chunk registered in <Code>src/app/routes.tsx</Code> with its auth setting, its layout (<Code>main</Code> inside the shell,{' '}
          <Code>empty</Code> without it) and its document title. Heavy libraries — charts, the world map, the icon font — load only with the pages that use them.
        </Text>
      </DocSection>
      <DocSection title="Snackbar">
        <Text>A message at the top centre, in four variants, closed by the user or after six seconds.</Text>
        <Snippet>{`import { showMessage } from '@/lib/snackbar'

showMessage('Product saved.', 'success')
showMessage(errorMessage(error), 'error', { title: 'Could not save the product' })`}</Snippet>
      </DocSection>
      <DocSection title="Dialog">
        <Text>One dialog for the whole app: a page asks and awaits the answer.</Text>
        <Snippet>{`const dialog = useDialog()
if (await dialog.confirm({ title: 'Delete this asset?', tone: 'danger', confirmLabel: 'Delete' })) remove()
const reason = await dialog.prompt({ title: 'Why was it lost?', input: { label: 'Reason', required: true } })`}</Snippet>
      </DocSection>
      <DocSection title="Loading data">
        <Text>
          Pages load what they show with <Code>useApiData(key, load)</Code> from <Code>src/hooks/use-api-data.ts</Code>: it fetches once per key, aborts a stale call,
          keeps the data on screen while a new key loads, and gives the page <Code>reload</Code> and <Code>setData</Code>.
        </Text>
        <Snippet>{`const products = useApiData('e-commerce-products', fetchProducts)
if (products.status === 'error') return <LoadError error={products.error} onRetry={products.reload} />`}</Snippet>
      </DocSection>
      <DocSection title="Page layouts">
        <Text>
          <Code>PageLayout</Code> gives a page its header, an optional sidebar (a drawer on phones) and optional tabs, in the simple or the carded style. The{' '}
          <Code>/ui/page-layouts</Code> pages show every combination.
        </Text>
      </DocSection>
      <DocSection title="HTML from the API">
        <Text>
          Course steps and knowledge-base articles arrive as HTML. They are always sanitised with DOMPurify before they are shown; scripts, event handlers, frames,
          forms and inline styles are removed.
        </Text>
      </DocSection>
    </DocPage>
  )
}
