import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^portico\/kernel$/, replacement: r('./kernel/index.ts') },
      { find: /^portico\/kernel\/schemas$/, replacement: r('./kernel/schemas.ts') },
      { find: /^portico\/react$/, replacement: r('./ui/index.ts') },
      { find: /^portico\/react\/components$/, replacement: r('./ui/components.ts') },
      { find: /^portico\/server$/, replacement: r('./server/index.ts') },
      { find: /^portico\/protocols\/([a-z0-9-]+)\/server$/, replacement: r('./protocols/$1/server.ts') },
      { find: /^portico\/protocols\/([a-z0-9-]+)$/, replacement: r('./protocols/$1/index.ts') },
      { find: /^portico\/plugins\/([a-z-]+)\/server$/, replacement: r('./plugins/$1/server.ts') },
      { find: /^portico\/plugins\/([a-z-]+)$/, replacement: r('./plugins/$1/index.ts') },
      { find: /^portico\/testing$/, replacement: r('./testing/index.ts') },
      { find: /^portico\/wagmi$/, replacement: r('./wagmi/index.ts') },
      { find: /^styled-system\/(.*)$/, replacement: r('./styled-system/$1') },
    ],
  },
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'test/e2e/**', '.tmp/**', 'styled-system/**'],
    environment: 'node',
    // Limits for a stuck test, not waits: a test that starts its own server (a database and its
    // migrations) can take tens of seconds on two busy cores, and must still pass there.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    setupFiles: ['test/setup.ts'],
  },
})
