import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Features never import from each other (bulletproof-react): shared code lives in
// src/lib, src/components, src/hooks; the app layer (src/app) composes features.
const features = readdirSync(new URL('./src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: features
          .filter((other) => other !== feature)
          .map((other) => ({
            group: [`@/features/${other}`, `@/features/${other}/*`, `**/features/${other}/*`],
            message: 'Features must not import from each other; move shared code to src/lib or src/components.',
          })),
      },
    ],
  },
}))

// The layers (bulletproof-react): app/ composes features; a feature may use the shared layers but
// not app/; the shared layers (lib, components, hooks, data, config) use neither features nor app.
// Data flows one way, so a shared module that needs a feature's code gets it registered at start-up
// by app/ (e.g. data/socket.ts's handlers, data/push.ts's notification handler).
const SHARED = ['lib', 'components', 'hooks', 'data', 'config']
const layerZones = [
  { target: './src/features', from: './src/app', message: 'Features must not import the app layer (src/app composes them).' },
  ...SHARED.map((layer) => ({
    target: `./src/${layer}`,
    from: ['./src/features', './src/app'],
    message: 'Shared code must not import features or the app layer; let src/app register what it needs.',
  })),
]

export default defineConfig([
  globalIgnores(['dist', 'coverage', 'node_modules', '.eslint-probe-*']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      reactHooks.configs.flat['recommended-latest'],
      reactRefresh.configs.vite,
    ],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x skips .ts/.tsx files when it follows imports (no-cycle would see none).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      // Dynamic import() counts as an edge too; `import type` does not (erased at build).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    // The route registry declares its lazy pages next to the data; it is not a component module.
    files: ['src/app/routes.tsx'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    files: ['public/**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['eslint.config.js', 'eslint.config.test.ts', 'vite.config.ts', 'precompress.ts', 'precompress.test.ts'],
    languageOptions: { globals: globals.node },
  },
  ...featureBoundaries,
])
