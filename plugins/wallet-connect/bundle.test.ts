import { describe, expect, it } from 'vitest'
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

describe('bundle', () => {
  it('behavior: @walletconnect/ethereum-provider and the QR library are not in the chunks a host app loads first, only in a lazy chunk', async () => {
    const entry = fileURLToPath(new URL('./index.ts', import.meta.url))
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      outdir: '/tmp/portico-wallet-connect-bundle',
      metafile: true,
      external: ['react', 'react-dom', 'react/jsx-runtime', '@ark-ui/*'],
      logLevel: 'silent',
    })
    const outputs = Object.values(result.metafile.outputs)
    const main = outputs.find((o) => o.entryPoint?.endsWith('plugins/wallet-connect/index.ts'))!
    expect(main).toBeDefined()
    const has = (lib: string) => (o: (typeof outputs)[number]) => Object.keys(o.inputs).some((i) => i.includes(`node_modules/${lib}/`))
    const sdk = has('@walletconnect/ethereum-provider')
    const qr = has('uqr')
    expect(sdk(main)).toBe(false)
    expect(qr(main)).toBe(false)
    for (const imp of main.imports.filter((i) => i.kind === 'import-statement')) {
      expect(sdk(result.metafile.outputs[imp.path]!)).toBe(false)
      expect(qr(result.metafile.outputs[imp.path]!)).toBe(false)
    }
    expect(outputs.some(qr)).toBe(true)
    // Both exist, in chunks only a dynamic import reaches.
    expect(outputs.some(sdk)).toBe(true)
  })
})
