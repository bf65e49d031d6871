import { describe, expect, it } from 'vitest'
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

describe('bundle', () => {
  it('behavior: the phone library is not in the chunk a host app loads first, only in the lazy screens', async () => {
    const entry = fileURLToPath(new URL('./index.ts', import.meta.url))
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      format: 'esm',
      write: false,
      outdir: '/tmp/portico-sms-bundle',
      metafile: true,
      external: ['react', 'react-dom', 'react/jsx-runtime', '@ark-ui/*'],
      logLevel: 'silent',
    })
    const outputs = Object.values(result.metafile.outputs)
    const main = outputs.find((o) => o.entryPoint?.endsWith('plugins/sms/index.ts'))!
    expect(main).toBeDefined()
    const phoneLib = (o: (typeof outputs)[number]) => Object.keys(o.inputs).some((i) => i.includes('libphonenumber-js'))
    expect(phoneLib(main)).toBe(false)
    // The static imports of the entry chunk (shared chunks it needs at once; React stays external) are free of it too.
    for (const imp of main.imports.filter((i) => i.kind === 'import-statement' && !i.external)) {
      expect(phoneLib(result.metafile.outputs[imp.path]!)).toBe(false)
    }
    expect(outputs.some(phoneLib)).toBe(true)
  })
})
