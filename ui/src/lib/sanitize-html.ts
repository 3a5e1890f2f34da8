import DOMPurify from 'dompurify'

/** HTML from the API (course steps, articles) made safe to show: no scripts, handlers, frames or forms. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'iframe'], FORBID_ATTR: ['style'] })
}
