/**
 * The import rules of eslint.config.js do what they claim: `npm run lint` fails on an import
 * circle and on an import across the layers (ESLint's Node API with the project's own config).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, describe, expect, it } from 'vitest'

// The tests run from ui/ (vitest's root), where eslint.config.js is.
const root = process.cwd()
// ignore: false — the probe directory is in the config's ignores (so a concurrent `npm run lint` skips it).
const eslint = new ESLint({ cwd: root, ignore: false })
const temp = mkdtempSync(join(root, '.eslint-probe-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const ruleIds = (results: ESLint.LintResult[]) => results.flatMap((r) => r.messages.map((m) => m.ruleId))

// Cheap (a few seconds of CPU), but a busy machine can stretch the wall time.
describe('eslint: import rules', { timeout: 60_000 }, () => {
  it('fails on two modules that import each other (import-x/no-cycle)', async () => {
    writeFileSync(join(temp, 'ping.ts'), "import { pong } from './pong'\nexport const ping = (): number => pong() + 1\n")
    writeFileSync(join(temp, 'pong.ts'), "import { ping } from './ping'\nexport const pong = (): number => (Math.random() > 2 ? ping() : 0)\n")
    const results = await eslint.lintFiles([join(temp, 'ping.ts'), join(temp, 'pong.ts')])
    expect(ruleIds(results).filter((id) => id === 'import-x/no-cycle')).toHaveLength(2)
    // Without the circle the same files are clean.
    writeFileSync(join(temp, 'pong.ts'), 'export const pong = (): number => 0\n')
    expect(ruleIds(await eslint.lintFiles([join(temp, 'ping.ts'), join(temp, 'pong.ts')]))).toEqual([])
  })

  it('fails when shared code imports a feature or a feature imports the app layer', async () => {
    const lint = async (file: string, source: string) => ruleIds(await eslint.lintText(source, { filePath: join(root, file) }))
    // Small modules without imports of their own: the rule needs only where they are.
    const feature = "import { LAYOUT_STYLES } from '@/features/template-pages/layouts'\nexport const x = LAYOUT_STYLES\n"
    const app = "import { fillPath } from '@/app/redirect-path'\nexport const x = fillPath\n"
    expect(await lint('src/lib/probe.ts', feature)).toContain('import-x/no-restricted-paths')
    expect(await lint('src/data/probe.ts', app)).toContain('import-x/no-restricted-paths')
    expect(await lint('src/components/probe.ts', feature)).toContain('import-x/no-restricted-paths')
    expect(await lint('src/features/chat/probe.ts', app)).toContain('import-x/no-restricted-paths')
    expect(await lint('src/app/probe.ts', feature)).toEqual([])
  })
})
