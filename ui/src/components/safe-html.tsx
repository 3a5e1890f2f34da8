import { Box, type BoxProps } from '@chakra-ui/react'
import { useMemo } from 'react'

import { sanitizeHtml } from '@/lib/sanitize-html'

/** HTML from the API (course steps, articles), sanitised, with readable typography. */
export function SafeHtml({ html, ...rest }: { html: string } & BoxProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  return (
    <Box
      lineHeight="tall"
      css={{
        '& h1': { fontSize: '2xl', fontWeight: 'bold', mb: '2', lineHeight: 'short' },
        '& h2': { fontSize: 'xl', fontWeight: 'semibold', mt: '4', mb: '2' },
        '& p': { mb: '3' },
        '& ul, & ol': { ps: '6', mb: '3' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& li': { mb: '1' },
        '& blockquote': { borderStartWidth: '4px', borderColor: 'brand.solid', ps: '4', py: '1', color: 'fg.muted', fontStyle: 'italic', my: '4' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& code': { fontFamily: 'mono', bg: 'bg.subtle', px: '1', borderRadius: 'sm' },
        '& br': { display: 'block', content: '""', mt: '2' },
      }}
      dangerouslySetInnerHTML={{ __html: clean }}
      {...rest}
    />
  )
}
