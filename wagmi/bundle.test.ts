import { describe, expect, it } from 'vitest'
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Every module a bundle of an entry reaches, lazy chunks included. */
async function inputsOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [`${ROOT}${entry}`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    jsx: 'automatic',
    tsconfig: `${ROOT}tsconfig.json`,
    external: ['react', 'react-dom', 'react/jsx-runtime', '@ark-ui/*'],
    logLevel: 'silent',
  })
  return Object.keys(result.metafile.inputs)
}

const WAGMI = /node_modules\/(wagmi|@wagmi|@tanstack)\//

describe('bundle', () => {
  it('behavior: a host page without portico/wagmi carries none of wagmi, @wagmi/core or react-query', async () => {
    for (const entry of ['ui/index.ts', 'plugins/wallets/index.ts', 'plugins/embedded-wallets/index.ts', 'plugins/injected/index.ts']) {
      const inputs = await inputsOf(entry)
      expect(inputs.length).toBeGreaterThan(10)
      expect(inputs.filter((i) => WAGMI.test(i))).toEqual([])
    }
  })

  it('default: portico/wagmi itself is built on wagmi', async () => {
    expect((await inputsOf('wagmi/index.ts')).some((i) => /node_modules\/wagmi\//.test(i))).toBe(true)
  })
})
