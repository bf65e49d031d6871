/**
 * The local chains of development mode (`npm start`, never `portico serve`): an EVM node (anvil, from
 * the `@foundry-rs/anvil` package, chain id 31337) and a Solana cluster (the litesvm runtime behind
 * JSON-RPC of `test/fixtures/solana-rpc`, in this process), so the demo's wallets send on a chain
 * that answers and the funding stand-ins' purchases arrive somewhere. Each is started unless the
 * environment names one (`PORTICO_ANVIL_URL`, `PORTICO_SOLANA_URL`, as the browser tests do) or
 * turns them off (`PORTICO_DEV_CHAINS=off`). Their state lives in memory: a restart starts them empty.
 * The EVM chain started here holds a 6-decimals test token (`TestUsd` of `test/fixtures/tokens`) that
 * stands for its USDC: the demo names it as the chain's USDC and the card stand-ins mint it for a USDC
 * purchase.
 * @module
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Env } from './runtime'

/** The chain id of the development EVM chain (anvil's default). */
export const DEV_EVM_CHAIN_ID = 31337

/** The local chains development mode uses. */
export interface DevChains {
  /** The EVM chain's JSON-RPC URL: the one started here, or the one the environment names; null with none. */
  evmUrl: string | null
  /** The test USDC deployed on the EVM chain started here; null when none was started. */
  evmUsdc: string | null
  /** The Solana cluster's JSON-RPC URL, likewise. */
  solanaUrl: string | null
  /** Which of them were started here (the others were named by the environment). */
  started: { evm: boolean; solana: boolean }
  /** Stops the chains started here. */
  close(): Promise<void>
}

const FIXTURES = resolve(import.meta.dirname, '../../test/fixtures')

/**
 * Starts the development chains the environment does not name (see the module).
 * @param env - the environment; the URLs of started chains are not written to it.
 * @param ports - fixed ports (`PORTICO_DEV_ANVIL_PORT`, `PORTICO_DEV_SOLANA_PORT`), else free ones.
 * @returns the chains.
 * @example
 * ```ts
 * const chains = await startDevChains(process.env)
 * try { console.log(chains.evmUrl) } finally { await chains.close() }
 * ```
 */
export async function startDevChains(env: Env, ports: { evm?: number; solana?: number } = {}): Promise<DevChains> {
  const off = env.PORTICO_DEV_CHAINS === 'off'
  const closers: (() => Promise<void>)[] = []
  const close = async () => {
    for (const c of closers.reverse()) await c()
  }
  let evmUrl = env.PORTICO_ANVIL_URL || null
  let solanaUrl = env.PORTICO_SOLANA_URL || null
  let evmUsdc: string | null = null
  const started = { evm: false, solana: false }
  try {
    if (!evmUrl && !off && existsSync(join(FIXTURES, 'anvil.ts'))) {
      const { startAnvil } = await import('../../test/fixtures/anvil')
      const anvil = await startAnvil({ chainId: DEV_EVM_CHAIN_ID, ...(ports.evm ? { port: ports.evm } : {}) })
      closers.push(() => anvil.close())
      // anvil is a child process: a start that fails or exits without its stop must not leave it running.
      process.once('exit', () => void anvil.close())
      evmUrl = anvil.url
      started.evm = true
      const { deployTestUsd } = await import('../../test/fixtures/tokens')
      evmUsdc = await deployTestUsd(anvil.url, DEV_EVM_CHAIN_ID)
    }
    if (!solanaUrl && !off && existsSync(join(FIXTURES, 'solana-rpc/index.ts'))) {
      const { startSolanaRpc } = await import('../../test/fixtures/solana-rpc')
      const cluster = await startSolanaRpc({ port: ports.solana ?? 0 })
      closers.push(() => cluster.close())
      solanaUrl = cluster.url
      started.solana = true
    }
  } catch (err) {
    await close()
    throw err
  }
  return { evmUrl, evmUsdc, solanaUrl, started, close }
}
