/**
 * The bench's user-operation figure: from 'Approve' to the user operation's hash, on the real
 * ERC-4337 chain (anvil, the EntryPoint v0.7, the Safe contracts, alto) with the local ERC-7677
 * paymaster service, inclusion excluded. What 'Approve' starts is timed: the paymaster's stub data,
 * the bundler's gas estimate, the paymaster's signed sponsorship, the owner's signature of the
 * operation and the bundler's acceptance (`SmartWallet.sendUserOperation`). The owner is a local key:
 * the embedded wallet's own signature is the bench's screenless-signature figure. Each run is a new
 * user's account (its first operation deploys it) and a second operation of the same account.
 * @module
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSmartWallet } from '../../plugins/smart-wallets/account'
import { startErc4337Chain } from '../fixtures/erc4337'
import { startPaymasterService } from '../fixtures/paymaster-service'

/** Runs of each kind after the warm-up. */
export const USER_OPERATION_RUNS = 7

/** The figures: medians of the first (deploying) and the next operation, and every run. */
export interface UserOperationFigures {
  firstMs: number
  nextMs: number
  first: number[]
  next: number[]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * Measures 'Approve' → user operation hash, sponsored, for new and deployed Safe accounts.
 * @returns the figures.
 */
export async function measureUserOperations(): Promise<UserOperationFigures> {
  const chain = await startErc4337Chain()
  const paymaster = await startPaymasterService({ rpcUrl: chain.anvil.url, chainId: chain.anvil.chainId, entryPoint: chain.entryPoint, paymaster: chain.paymaster })
  try {
    const network = { chainId: chain.anvil.chainId, bundlerUrl: chain.bundlerUrl, paymasterUrl: paymaster.url, rpcUrl: chain.anvil.url }
    const first: number[] = []
    const next: number[] = []
    // The first pair warms the code paths and the bundler up; it is not counted.
    for (let run = 0; run <= USER_OPERATION_RUNS; run++) {
      const wallet = await createSmartWallet({ type: 'safe', network, owner: privateKeyToAccount(generatePrivateKey()), contracts: { entryPoint: chain.entryPoint, safe: chain.safe } })
      const call = { to: privateKeyToAccount(generatePrivateKey()).address, value: 0n }
      for (const into of [first, next]) {
        const start = performance.now()
        const hash = await wallet.sendUserOperation(call)
        const ms = performance.now() - start
        // Inclusion is not counted, but the next operation needs the previous one in.
        await wallet.waitForUserOperation(hash)
        if (run > 0) into.push(ms)
      }
    }
    return { firstMs: median(first), nextMs: median(next), first, next }
  } finally {
    await paymaster.close()
    await chain.close()
  }
}
