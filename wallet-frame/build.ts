/**
 * Builds the wallet frame's scripts and stylesheet into `wallet-frame/dist/`: `frame.js` (the hidden
 * wallet frame), `export.js` (the export frame) and `frame.css` (the export frame's look). The server
 * serves them with the frame pages. Run by `npm install` (`prepare`) and `npm run build:frame`.
 * @module
 */
import { build, type Metafile } from 'esbuild'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const HERE = dirname(fileURLToPath(import.meta.url))

/** Options of {@link buildFrame}. */
export interface BuildFrameOptions {
  /** @defaultValue wallet-frame/dist */
  outdir?: string
  /** @defaultValue true */
  minify?: boolean
}

/**
 * Bundles the frame pages' scripts (browser, ES2022 as the widget's own bundle, one self-contained
 * classic script each, no source map) and their stylesheet.
 * @param options - where to and whether to minify.
 * @returns esbuild's metafile, for size reports.
 */
export async function buildFrame(options: BuildFrameOptions = {}): Promise<Metafile> {
  const outdir = options.outdir ?? join(HERE, 'dist')
  const minify = options.minify ?? true
  await build({ entryPoints: [join(HERE, 'frame.css')], outdir, bundle: true, minify, logLevel: 'warning' })
  const result = await build({
    entryPoints: { frame: join(HERE, 'frame.ts'), export: join(HERE, 'export.ts') },
    outdir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify,
    sourcemap: false,
    legalComments: 'none',
    metafile: true,
    tsconfig: join(HERE, '..', 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    entryNames: '[name]',
    logLevel: 'warning',
  })
  return result.metafile
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildFrame()
}
