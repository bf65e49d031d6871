/**
 * The production server (`portico serve`) in a child process, for the crash and restart tests: each
 * test kills or starts it as an operator's host would, and talks to it over HTTP only.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')
/** Limit for the server to start listening (migrations on two busy cores). */
export const START_TIMEOUT_MS = 150_000

const children = new Set<ChildProcess>()

/** A running `portico serve`. */
export interface ProductionServer {
  url: string
  child: ChildProcess
  /** Everything it printed so far. */
  output(): string
}

/**
 * Starts `portico serve` with exactly this environment (plus PATH and HOME) and resolves once it
 * listens.
 * @param env - the server's variables (secrets, public URL, database).
 * @returns the server's URL and process.
 */
export function startServer(env: Record<string, string>): Promise<ProductionServer> {
  // tsx as a loader, not its CLI: the CLI runs the script in a child that a SIGKILL would orphan.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/cli/portico.ts'), 'serve'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, API_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  let output = ''
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`The server did not start within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const url = /listening on (http:\/\/\S+),/.exec(output)?.[1]
      if (url) {
        clearTimeout(timer)
        ok({ url, child, output: () => output })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      fail(new Error(`The server exited (${code ?? signal}) before listening:\n${output}`))
    })
  })
}

/** Kills every server still running (SIGKILL) and waits for them to exit. */
export async function killAll(): Promise<void> {
  const all = [...children]
  for (const child of all) child.kill('SIGKILL')
  await Promise.all(all.map(exited))
}

/** Resolves when the process has exited. */
export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((ok) => child.once('exit', () => ok()))
}

/** One JSON call; the body is null when the answer is not JSON. */
export async function call<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as T, headers: res.headers }
}

/** Polls `check` until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
