import DOMPurify from 'dompurify'

/** Article HTML made safe to show: no scripts, handlers, frames or forms. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'iframe'], FORBID_ATTR: ['style'] })
}
