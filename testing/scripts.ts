/**
 * Bundles a test wallet's browser entry into one script for `page.addInitScript`, once per process.
 * esbuild is loaded on the first call only, so code that merely creates wallets in Node never needs it.
 * @module
 */
import { fileURLToPath } from 'node:url'

const built = new Map<string, Promise<string>>()

/**
 * The browser script (an IIFE, ES2022) of an entry file, with its dependencies bundled in.
 * @param entry - the entry file's URL (`new URL('./browser.ts', import.meta.url)`).
 * @returns the script text, cached per entry for the process.
 * @example
 * ```ts
 * const js = await browserScript(new URL('./browser.ts', import.meta.url))
 * await page.addInitScript({ content: js })
 * ```
 */
export function browserScript(entry: URL): Promise<string> {
  const file = fileURLToPath(entry)
  let script = built.get(file)
  if (!script) {
    script = import('esbuild')
      .then(({ build }) =>
        build({ entryPoints: [file], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', logLevel: 'warning' }),
      )
      .then((result) => result.outputFiles[0]!.text)
    built.set(file, script)
  }
  return script
}
