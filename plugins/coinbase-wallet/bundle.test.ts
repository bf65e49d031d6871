import { describe, expect, it } from 'vitest'
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

describe('bundle', () => {
  it('behavior: the Coinbase Wallet SDK is not in the chunks a host app loads first, only in a lazy chunk', async () => {
    const entry = fileURLToPath(new URL('./index.ts', import.meta.url))
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      outdir: '/tmp/portico-coinbase-wallet-bundle',
      metafile: true,
      external: ['react', 'react-dom', 'react/jsx-runtime', '@ark-ui/*'],
      logLevel: 'silent',
    })
    const outputs = Object.values(result.metafile.outputs)
    const main = outputs.find((o) => o.entryPoint?.endsWith('plugins/coinbase-wallet/index.ts'))!
    expect(main).toBeDefined()
    const sdk = (o: (typeof outputs)[number]) => Object.keys(o.inputs).some((i) => i.includes('@coinbase/wallet-sdk'))
    expect(sdk(main)).toBe(false)
    for (const imp of main.imports.filter((i) => i.kind === 'import-statement')) {
      expect(sdk(result.metafile.outputs[imp.path]!)).toBe(false)
    }
    // The SDK is reached through a dynamic import of the entry chunk.
    expect(main.imports.some((i) => i.kind === 'dynamic-import' && sdk(result.metafile.outputs[i.path]!))).toBe(true)
  })
})
