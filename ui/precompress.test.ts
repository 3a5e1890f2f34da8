import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { precompressFolder } from './precompress.ts'

describe('precompressFolder', () => {
  let folder: string
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'precompress-'))
    await mkdir(join(folder, 'assets'))
  })
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('writes brotli and gzip variants that decode to the file, for text files only', async () => {
    const script = Buffer.from('export const greeting = "hello";\n'.repeat(200))
    await writeFile(join(folder, 'assets', 'index-abc123.js'), script)
    await writeFile(join(folder, 'index.html'), `<!doctype html>${'<p>staff portal</p>'.repeat(100)}`)
    await writeFile(join(folder, 'assets', 'font-abc.woff2'), Buffer.alloc(4096, 7)) // already compressed
    await writeFile(join(folder, 'favicon.svg'), '<svg/>') // too small to gain anything

    expect(await precompressFolder(folder)).toBe(2)

    const js = join(folder, 'assets', 'index-abc123.js')
    const br = await readFile(`${js}.br`)
    const gz = await readFile(`${js}.gz`)
    expect(brotliDecompressSync(br).equals(script)).toBe(true)
    expect(gunzipSync(gz).equals(script)).toBe(true)
    expect(br.length).toBeLessThan(gz.length)
    expect(existsSync(join(folder, 'index.html.br'))).toBe(true)
    expect(existsSync(join(folder, 'assets', 'font-abc.woff2.br'))).toBe(false)
    expect(existsSync(join(folder, 'favicon.svg.gz'))).toBe(false)
  })

  it('leaves out a variant that would not be smaller', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) % 251))
    await writeFile(join(folder, 'assets', 'noise.js'), random)
    await precompressFolder(folder)
    const written = [`${join(folder, 'assets', 'noise.js')}.br`, `${join(folder, 'assets', 'noise.js')}.gz`]
    for (const file of written) {
      if (existsSync(file)) expect((await readFile(file)).length).toBeLessThan(random.length)
    }
  })
})
