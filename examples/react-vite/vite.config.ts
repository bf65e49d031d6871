/**
 * Vite's configuration for the example. An app that installs `portico` from the registry needs none
 * of the aliases: they point the package's entries at this repository's sources, as its `exports` do.
 */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  resolve: {
    alias: [
      { find: /^portico\/react$/, replacement: `${ROOT}/ui/index.ts` },
      { find: /^portico\/styles\.css$/, replacement: `${ROOT}/ui/dist/portico.css` },
      { find: /^portico\/plugins\/([^/]+)$/, replacement: `${ROOT}/plugins/$1/index.ts` },
      { find: /^portico\/kernel$/, replacement: `${ROOT}/kernel/index.ts` },
      { find: /^styled-system\/(.*)$/, replacement: `${ROOT}/styled-system/$1` },
    ],
  },
  build: {
    sourcemap: true,
    rollupOptions: {
      // Libraries written for React Server Components mark their modules 'use client'; in a
      // single-page app that directive has no meaning, and the bundler says so for every module.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
    },
  },
})
