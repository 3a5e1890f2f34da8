import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { precompress } from './precompress.ts'

// The UI is served on port 3000 (the API allows that origin through CORS).
export default defineConfig({
  // precompress: .br and .gz beside each text file of the build (served by app/ui_server.py and nginx).
  plugins: [react(), precompress()],
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
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'precompress.test.ts'],
    restoreMocks: true,
    // The page tests load lazy chunks; on a busy machine 5 s is not always enough.
    testTimeout: 20_000,
    css: false,
  },
})
