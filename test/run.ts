/**
 * `npm test`: types, lint, unit and contract tests (Vitest), then browser end-to-end tests
 * (Playwright). Prints one closing line `N passed, N failed` and writes the counts to
 * `.tmp/test-counts.json` so CI can add the PostgreSQL run to them.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'

interface Counts {
  passed: number
  failed: number
  skipped: number
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 }
mkdirSync('.tmp', { recursive: true })

function step(name: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return r.status === 0
}

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null
}

const bin = (name: string) => `node_modules/.bin/${name}`

// Types, lint and the API reference (typedoc, whose broken links fail it) count as one check each.
for (const [name, cmd, args] of [
  ['types', bin('tsc'), ['-p', '.', '--noEmit']],
  // The Next.js example has its own configuration (Next's types would change the repository's).
  ['types of the Next.js example', bin('tsc'), ['-p', 'examples/nextjs']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['api reference', bin('typedoc'), ['--emit', 'none']],
] as const) {
  if (step(name, cmd, [...args])) total.passed++
  else total.failed++
}

// Unit, contract and storage tests.
rmSync('.tmp/vitest.json', { force: true })
const unitOk = step('unit', bin('vitest'), ['run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json'])
const vitest = readJson('.tmp/vitest.json') as
  | { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }
  | null
if (vitest) {
  total.passed += vitest.numPassedTests
  total.failed += vitest.numFailedTests
  total.skipped += vitest.numPendingTests + vitest.numTodoTests
}
if (!unitOk && (!vitest || vitest.numFailedTests === 0)) total.failed++ // a crash outside any test

// Browser end-to-end tests.
rmSync('.tmp/playwright.json', { force: true })
const e2eOk = step('e2e', bin('playwright'), ['test'])
const pw = readJson('.tmp/playwright.json') as
  | { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }
  | null
if (pw) {
  total.passed += pw.stats.expected + pw.stats.flaky
  total.failed += pw.stats.unexpected
  total.skipped += pw.stats.skipped
}
if (!e2eOk && (!pw || pw.stats.unexpected === 0)) total.failed++

writeFileSync('.tmp/test-counts.json', JSON.stringify(total))
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`)
process.exit(total.failed === 0 ? 0 : 1)
