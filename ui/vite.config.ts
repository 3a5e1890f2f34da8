import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'
import { precompress } from './precompress.ts'

// The installable app (issue 18): web app manifest and the service worker (src/service-worker/sw.ts,
// Workbox's injectManifest: the build writes the list of files to precache into it). The page
// registers it itself, lazily, from the signed-in shell (src/lib/pwa.ts): /login never loads Workbox.
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Staff Portal',
    short_name: 'Portal',
    description: 'Engineering staff portal: assets, inspections, documents and opportunities.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#09090b',
    theme_color: '#09090b',
    categories: ['business', 'productivity'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: 'My work', url: '/my-work', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
      { name: 'Assets', url: '/assets', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    ],
  },
  injectManifest: {
    // The app shell and every built file; not the precompressed twins, nor /config.js (the network's).
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    globIgnores: ['**/*.br', '**/*.gz', 'config.js'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
})

// The UI is served on port 3000 (the API allows that origin through CORS).
export default defineConfig({
  // precompress: .br and .gz beside each text file of the build (served by app/ui_server.py and nginx).
  plugins: [react(), pwa, precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Chakra's theme modules one by one (src/config/theme.ts): the package exports only the
      // whole theme, whose index pulls every component recipe into the start chunk.
      '@chakra-theme': fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url)),
    },
  },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one start chunk: left to itself the bundler
        // cut it into ~25 files shared with lazy pages, and /login paid each file's compression
        // overhead (151 KB gzipped in 25 files; 147 KB in 8).
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'precompress.test.ts', 'eslint.config.test.ts'],
    restoreMocks: true,
    // The page tests load lazy chunks; on a busy machine 5 s is not always enough.
    testTimeout: 20_000,
    css: false,
  },
})
