/**
 * An English page carries no other language: on the bench's email-only page, no locale file and not
 * the code that matches and loads a locale is in the JS the page loads first; each locale file is a
 * chunk of its own, fetched only when that locale is chosen.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildHostPage, ROOT } from '../examples/demo/build'

const outdir = mkdtempSync(join(tmpdir(), 'portico-locales-'))
afterAll(() => rmSync(outdir, { recursive: true, force: true }))

describe('the English page', () => {
  it('loads no locale file and no locale code before a locale is chosen; each locale file is a lazy chunk of its own', async () => {
    const meta = await buildHostPage({ entry: join(ROOT, 'test/bench/email-only.tsx'), outdir })
    const entry = Object.keys(meta.outputs).find((p) => p.endsWith('/main.js'))!
    const initial = new Set<string>()
    const visit = (p: string) => {
      if (initial.has(p)) return
      initial.add(p)
      for (const imp of meta.outputs[p]?.imports ?? []) if (imp.kind === 'import-statement') visit(imp.path)
    }
    visit(entry)
    const isLocaleCode = (input: string) => /(^|\/)locales\/[^/]+\.ts$/.test(input) || input === 'kernel/locale.ts'
    const initialInputs = [...initial].flatMap((p) => Object.keys(meta.outputs[p]!.inputs))
    expect(initialInputs.filter(isLocaleCode)).toEqual([])
    expect(initialInputs).toContain('kernel/kernel.ts')

    // Every locale file of the page's folders (kernel, UI, email) is bundled, alone in a lazy chunk.
    const files = ['kernel', 'ui', 'plugins/email'].flatMap((folder) => {
      const dir = join(ROOT, folder, 'locales')
      return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => relative(ROOT, join(dir, f))) : []
    })
    for (const file of files) {
      const chunks = Object.entries(meta.outputs).filter(([, o]) => file in o.inputs)
      expect(chunks.map(([p]) => initial.has(p)), file).toEqual([false])
      expect(Object.keys(chunks[0]![1].inputs), file).toEqual([file])
    }
  })
})
