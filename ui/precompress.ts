// Build step: writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text file
// of the build, so the servers send compressed bytes without compressing per request (app/ui_server.py
// picks the variant by Accept-Encoding; nginx does it with brotli_static and gzip_static).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

// Already compressed formats (woff2, png...) gain nothing; below a kilobyte the header overhead wins.
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|map|woff)$/
const MIN_BYTES = 1024

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name)
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path])
    }),
  )
  return nested.flat()
}

export async function precompressFolder(folder: string): Promise<number> {
  const files = (await filesUnder(folder)).filter((file) => TEXT.test(file))
  let written = 0
  for (const file of files) {
    if ((await stat(file)).size < MIN_BYTES) continue
    const body = await readFile(file)
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(body, { level: 9 }),
    ])
    // A variant that is not smaller is left out: the server then sends the file as it is.
    if (br.length < body.length) await writeFile(`${file}.br`, br)
    if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped)
    written += 1
  }
  return written
}

export function precompress(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    // After every file (the bundle and public/) is written.
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir)
      const count = await precompressFolder(outDir)
      config.logger.info(`precompressed ${count} files (brotli and gzip)`)
    },
  }
}
