import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink, type SmtpSink } from '../../test/fixtures/smtp'
import { productionEnv } from '../../test/support/production-env'
import { DEV_EVM_CHAIN_ID, startDevChains } from './dev-chains'

const ROOT = resolve(import.meta.dirname, '../..')
const SLOW = { timeout: 180_000 }

async function call<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await res.json()) as { result: T }).result
}

/** The processes whose parent is `pid`, by their command name. */
function childrenOf(pid: number): string[] {
  const names: string[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) names.push(comm)
    } catch {
      // The process ended while we read.
    }
  }
  return names
}

describe('the development chains', () => {
  it('starts anvil (EVM chain 31337) with a 6-decimals test USDC and a Solana cluster that answer, and stops them', SLOW, async () => {
    const chains = await startDevChains({})
    try {
      expect(chains.started).toEqual({ evm: true, solana: true })
      expect(Number.parseInt(await call<string>(chains.evmUrl!, 'eth_chainId'), 16)).toBe(DEV_EVM_CHAIN_ID)
      // decimals() and symbol() of the deployed token: 6, 'TUSD'.
      expect(chains.evmUsdc).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(BigInt(await call<string>(chains.evmUrl!, 'eth_call', [{ to: chains.evmUsdc, data: '0x313ce567' }, 'latest']))).toBe(6n)
      expect(await call<string>(chains.evmUrl!, 'eth_call', [{ to: chains.evmUsdc, data: '0x95d89b41' }, 'latest'])).toContain(Buffer.from('TUSD').toString('hex'))
      expect(await call<{ value: number }>(chains.solanaUrl!, 'getBalance', ['11111111111111111111111111111111'])).toMatchObject({ value: expect.any(Number) })
    } finally {
      await chains.close()
    }
    await expect(fetch(chains.evmUrl!)).rejects.toThrow()
    await expect(fetch(`${chains.solanaUrl!}/health`)).rejects.toThrow()
  })

  it('starts none the environment names, nor any with PORTICO_DEV_CHAINS=off', async () => {
    const named = await startDevChains({ PORTICO_ANVIL_URL: 'http://127.0.0.1:1', PORTICO_SOLANA_URL: 'http://127.0.0.1:2' })
    expect(named).toMatchObject({ evmUrl: 'http://127.0.0.1:1', evmUsdc: null, solanaUrl: 'http://127.0.0.1:2', started: { evm: false, solana: false } })
    await named.close()
    const off = await startDevChains({ PORTICO_DEV_CHAINS: 'off' })
    expect(off).toMatchObject({ evmUrl: null, evmUsdc: null, solanaUrl: null, started: { evm: false, solana: false } })
  })
})

describe('the production start', () => {
  let dir: string
  let smtp: SmtpSink
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portico-prod-chains-'))
    smtp = await startSmtpSink()
  })
  afterAll(async () => {
    await smtp?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('(NODE_ENV=production npm start) runs no local chain and names none', SLOW, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/cli/start.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...productionEnv('prodchains'), PORTICO_DATA_DIR: dir, SMTP_URL: smtp.url, API_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    const exited = new Promise<number | null>((ok) => child.once('exit', (c) => ok(c)))
    try {
      const listening = await new Promise<boolean>((ok) => {
        const check = () => (/listening on/.test(output) ? ok(true) : undefined)
        child.stdout.on('data', check)
        void exited.then(() => ok(false))
      })
      expect(listening, output).toBe(true)
      expect(output).toContain('Portico API (production)')
      expect(output).not.toMatch(/anvil|litesvm|Local chains|stand-in/i)
      expect(childrenOf(child.pid!)).not.toContain('anvil')
    } finally {
      child.kill('SIGTERM')
      await exited
    }
  })
})
