/** Fills a target like '/apps/e-commerce/products/:productId' with the matched route's parameters. */
export function fillPath(target: string, params: Record<string, string | undefined>): string {
  return target.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
}
