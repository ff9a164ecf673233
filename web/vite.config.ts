import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// The API server listens on 127.0.0.1:8080 in development; the release server
// serves the built app itself, so relative /api and /ws paths work in both.
const apiTarget = 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [react()],
  resolve: {
    // `@/…` is src/… (tsconfig.json "paths" says the same to the type checker); vitest reads this too.
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
  },
  test: {
    environment: 'jsdom',
    globals: true,
    // file-reset.ts first: it gives each test file fresh app modules in the shared worker.
    setupFiles: ['./src/testing/file-reset.ts', './src/testing/setup.ts'],
    restoreMocks: true,
    // The window is shared by the files of a worker: a stubbed global (fetch, WebSocket, location)
    // goes back after each test, not at the end of the file only.
    unstubGlobals: true,
    // One worker per core (vitest's default leaves one core out: a single worker on 2 cores).
    maxWorkers: '100%',
    // Decision 0160: a fresh process and jsdom per test file cost more than the tests; the files
    // share a worker instead and file-reset.ts starts each one afresh.
    include: ['src/**/*.test.{ts,tsx}'],
    isolate: false,
    // A loaded 2-core machine (a cargo build beside the tests) runs the route tests several times
    // slower: generous limits, so only a wrong result fails a test, never a slow one.
    testTimeout: 20_000,
  },
})
