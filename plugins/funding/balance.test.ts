/**
 * Token balances on Solana against the local cluster (litesvm behind JSON-RPC): a mint of the Token
 * program or of Token-2022 is read the same way, summed over the owner's associated token account and
 * its other accounts of the mint, frozen accounts left out; other mints and other owners do not
 * count; an answer that is not a token account is the RPC error, not a wrong balance.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { startSolanaRpc, type SolanaRpc } from '../../test/fixtures/solana-rpc'
import { createTestMint, createTestMint2022, TEST_USDC_MINT, testUsdc } from '../../test/fixtures/solana-rpc/spl'
import { startTestServer } from '../../test/support/http-server'
import { readBalance, readSolanaTokenAccounts } from './balance'

let cluster: SolanaRpc
beforeEach(async () => {
  cluster = await startSolanaRpc()
})
afterEach(async () => {
  await cluster.close()
})

const fresh = async () => (await generateKeyPairSigner()).address

describe('Solana token balances', () => {
  it('reads a Token program mint and a Token-2022 mint alike, over the associated token account and the others', async () => {
    const owner = await fresh()
    const pyusd = await createTestMint2022(cluster.url)
    await testUsdc(cluster.url).fund(owner, 1_000_000n)
    await testUsdc(cluster.url).fundAccount(owner, 500_000n)
    const ata = await pyusd.fund(owner, 2_000_000n)
    const other = await pyusd.fundAccount(owner, 250_000n)
    expect(await readBalance(cluster.url, 'solana', owner, TEST_USDC_MINT)).toBe(1_500_000n)
    expect(await readBalance(cluster.url, 'solana', owner, pyusd.mint)).toBe(2_250_000n)
    expect((await readSolanaTokenAccounts(cluster.url, owner, pyusd.mint)).sort((a, b) => a.address.localeCompare(b.address))).toEqual(
      [
        { address: ata, amount: 2_000_000n, frozen: false },
        { address: other, amount: 250_000n, frozen: false },
      ].sort((a, b) => a.address.localeCompare(b.address)),
    )
  })

  it("counts only the owner's accounts of that mint: another mint, another owner, a mint with a transfer fee are apart", async () => {
    const owner = await fresh()
    const someone = await fresh()
    const pyusd = await createTestMint2022(cluster.url)
    const fee = await createTestMint2022(cluster.url, { transferFee: { basisPoints: 10, maximumFee: 5n } })
    const other = await createTestMint(cluster.url)
    await pyusd.fund(owner, 3n)
    await pyusd.fund(someone, 100n)
    await fee.fund(owner, 40n)
    await other.fund(owner, 7n)
    expect(await readBalance(cluster.url, 'solana', owner, pyusd.mint)).toBe(3n)
    expect(await readBalance(cluster.url, 'solana', owner, fee.mint)).toBe(40n)
    expect(await readBalance(cluster.url, 'solana', owner, other.mint)).toBe(7n)
    expect(await readBalance(cluster.url, 'solana', await fresh(), pyusd.mint)).toBe(0n)
  })

  it('leaves frozen token accounts out of the balance: their tokens cannot move', async () => {
    const owner = await fresh()
    const pyusd = await createTestMint2022(cluster.url)
    const frozen = await pyusd.fund(owner, 5_000_000n)
    await pyusd.fundAccount(owner, 1_000_000n)
    const account = cluster.svm.getAccount(frozen as Address)
    if (!account.exists) throw new Error('the token account was not created')
    const data = new Uint8Array(account.data)
    data[108] = 2 // the state a freeze authority leaves
    cluster.svm.setAccount({ ...account, data })
    expect(await readBalance(cluster.url, 'solana', owner, pyusd.mint)).toBe(1_000_000n)
    expect((await readSolanaTokenAccounts(cluster.url, owner, pyusd.mint)).find((a) => a.address === frozen)).toMatchObject({ frozen: true, amount: 5_000_000n })
  })

  it('an answer that is not a token account is the RPC error, not a balance', async () => {
    const server = await startTestServer((req) => {
      const call = JSON.parse(req.body) as { id: number }
      return { json: { jsonrpc: '2.0', id: call.id, result: { context: { slot: 1 }, value: [{ pubkey: 'x', account: { data: ['AAAA', 'base64'] } }] } } }
    })
    try {
      await expect(readBalance(server.url, 'solana', await fresh(), TEST_USDC_MINT)).rejects.toMatchObject({ code: 'FUNDING_RPC_ERROR' })
    } finally {
      await server.close()
    }
  })
})
