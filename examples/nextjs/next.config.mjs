import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const HERE = dirname(fileURLToPath(import.meta.url))

/**
 * The example lives inside the Portico repository and imports the package through the paths of its
 * `tsconfig.json`: Turbopack's root is the repository, so those files (and its node_modules) resolve.
 * @type {import('next').NextConfig}
 */
const config = {
  turbopack: { root: resolve(HERE, '../..') },
  outputFileTracingRoot: resolve(HERE, '../..'),
  // The repository's own `tsc` checks these files; the build does not check them again.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
}

export default config
