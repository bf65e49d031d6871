/**
 * Builds a host page with esbuild: the demo app, or (for the size budget) the demo with a chosen set of plugins.
 * @module
 */
import { build, type Metafile } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join, resolve } from 'node:path'

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Writes `ui/dist/portico.css` from the Panda recipes when it is missing or `force` is set. */
export function buildCss(force = false): string {
  const out = join(ROOT, 'ui/dist/portico.css')
  if (force || !existsSync(out)) {
    if (!existsSync(join(ROOT, 'styled-system'))) run(['panda', 'codegen', '--silent'])
    run(['panda', 'cssgen', '--silent', '--outfile', 'ui/dist/portico.css'])
  }
  return out
}

function run(args: string[]): void {
  const bin = join(ROOT, 'node_modules/.bin', args[0]!)
  const r = spawnSync(bin, args.slice(1), { cwd: ROOT, stdio: 'inherit' })
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed with status ${r.status}`)
}

/** Options of {@link buildHostPage}. */
export interface BuildOptions {
  /** The entry module. */
  entry: string
  /** Output folder. */
  outdir: string
  /** Minify. @defaultValue true */
  minify?: boolean
}

/**
 * Bundles a host page entry as browser ESM with code splitting, the way a host app's bundler would.
 * @returns esbuild's metafile, for size reports.
 */
export async function buildHostPage(options: BuildOptions): Promise<Metafile> {
  mkdirSync(options.outdir, { recursive: true })
  const result = await build({
    entryPoints: { main: options.entry },
    outdir: options.outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: options.minify ?? true,
    sourcemap: false,
    metafile: true,
    jsx: 'automatic',
    tsconfig: join(ROOT, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    // A folder whose locales/ holds no file yet is normal (its texts stay English).
    logOverride: { 'empty-glob': 'silent' },
  })
  return result.metafile
}
