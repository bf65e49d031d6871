import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const KERNEL = dirname(fileURLToPath(import.meta.url))

/** The kernel's shipped files: every `.ts` but tests, test support and declarations. */
function kernelFiles(dir = KERNEL): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return kernelFiles(path)
    if (!e.name.endsWith('.ts') || e.name.endsWith('.d.ts') || e.name.endsWith('.test.ts') || e.name.startsWith('test-')) return []
    return [path]
  })
}

/** Every module a file names in `import … from`, `export … from` and `import('…')`, type-only ones included. */
function specifiers(source: string): string[] {
  const found: string[] = []
  const patterns = [/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm, /^\s*import\s*['"]([^'"]+)['"]/gm, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g]
  // Comments hold examples that import things; they are not imports.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) found.push(m[1]!)
  return found
}

function resolveLocal(from: string, spec: string, files: Set<string>): string | null {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) if (files.has(candidate)) return candidate
  return base
}

/**
 * The import cycles among `files`, each as the list of files around it (type-only imports count:
 * a cycle of types still ties the files to each other).
 */
function findCycles(files: readonly string[], read: (file: string) => string): string[][] {
  const set = new Set(files)
  const edges = new Map(files.map((f) => [f, specifiers(read(f)).map((s) => resolveLocal(f, s, set)).filter((t): t is string => !!t && set.has(t))]))
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (f: string) => {
    state.set(f, 'open')
    stack.push(f)
    for (const t of edges.get(f) ?? []) {
      if (state.get(t) === 'open') cycles.push([...stack.slice(stack.indexOf(t)), t])
      else if (!state.has(t)) visit(t)
    }
    stack.pop()
    state.set(f, 'done')
  }
  for (const f of files) if (!state.has(f)) visit(f)
  return cycles
}

const rel = (f: string) => relative(KERNEL, f)

describe('kernel imports', () => {
  const files = kernelFiles()
  const read = (f: string) => readFileSync(f, 'utf8')

  it('behavior: no import cycle among kernel files', () => {
    expect(findCycles(files, read).map((c) => c.map(rel).join(' -> '))).toEqual([])
  })

  it('behavior: the kernel imports no plugin, no UI and no React', () => {
    const outside = files.flatMap((f) =>
      specifiers(read(f))
        .filter((s) => /(^|\/)(plugins|ui)(\/|$)/.test(s) || /^react(-dom)?(\/|$)/.test(s))
        .map((s) => `${rel(f)}: ${s}`),
    )
    expect(outside).toEqual([])
  })

  it('the cycle finder reports a cycle, type-only imports included, and ignores imports in comments', () => {
    const sources: Record<string, string> = {
      '/k/a.ts': "import type { B } from './b'\n/** @example import { c } from './c' */",
      '/k/b.ts': "export { a } from './a'",
      '/k/c.ts': "import { a } from './a'",
    }
    expect(findCycles(Object.keys(sources), (f) => sources[f]!)).toEqual([['/k/a.ts', '/k/b.ts', '/k/a.ts']])
  })
})
