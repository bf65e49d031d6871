// @vitest-environment jsdom
/**
 * The embedded wallet's door to MFA: a frame operation the server refuses until the user verifies
 * asks the `mfaToken` hook and runs once more with the token; the frame itself is stood in for.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startHarness, type Harness } from '../../test/support/ui-harness'
import { PorticoError } from '../../kernel/errors'
import { embeddedWallets, embeddedWalletHooks } from './index'
import { frameOperations } from './frame-ops'

const requests: { op: string; params: Record<string, unknown> }[] = []
let answers: (() => unknown)[] = []

vi.mock('../../protocols/wallet-frame/client', () => ({
  openWalletFrame: () => ({
    async request(op: string, params: Record<string, unknown>) {
      requests.push({ op, params })
      const next = answers.shift()
      return next ? next() : { cleared: true }
    },
    destroy() {},
  }),
}))

const WALLET = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainType: 'ethereum' as const, walletIndex: 0, imported: false, recoveryMethod: 'privy' as const }
const mfaRefusal = (code: string) => () => {
  throw new PorticoError('MFA required', { code })
}

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
  requests.length = 0
  answers = []
})

async function operations() {
  h = await startHarness({ plugins: [embeddedWallets()] })
  return frameOperations(h.kernel.contextFor('embedded-wallets'), {}, () => [WALLET])
}

const rpc = { method: 'personal_sign' as const, params: ['0x68690a', WALLET.address] }

describe('MFA on frame operations', () => {
  it('behavior: missing_or_invalid_mfa asks the mfaToken hook and runs the operation again with the token', async () => {
    const ops = await operations()
    const asked: number[] = []
    embeddedWalletHooks(h!.kernel).mfaToken.tap('test', async () => (asked.push(1), 'mfa-token-1'))
    answers = [mfaRefusal('missing_or_invalid_mfa'), () => ({ result: '0xsig' })]
    expect(await ops.sign(WALLET, rpc)).toBe('0xsig')
    expect(asked).toEqual([1])
    expect(requests.map((r) => r.params.mfaToken)).toEqual([undefined, 'mfa-token-1'])
  })

  it('behavior: an expired MFA token is asked for afresh the same way', async () => {
    const ops = await operations()
    embeddedWalletHooks(h!.kernel).mfaToken.tap('test', async () => 'mfa-token-2')
    answers = [mfaRefusal('expired_or_invalid_mfa_token'), () => ({ result: '0xsig' })]
    expect(await ops.sign(WALLET, rpc)).toBe('0xsig')
    expect(requests[1]!.params.mfaToken).toBe('mfa-token-2')
  })

  it("failure: without a plugin that verifies, the server's error stands and nothing is retried", async () => {
    const ops = await operations()
    answers = [mfaRefusal('missing_or_invalid_mfa')]
    await expect(ops.sign(WALLET, rpc)).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' })
    expect(requests).toHaveLength(1)
  })

  it("cancel: the user leaving the verification ends the operation with 'MFA canceled'", async () => {
    const ops = await operations()
    embeddedWalletHooks(h!.kernel).mfaToken.tap('test', async () => {
      throw new PorticoError('MFA canceled', { code: 'mfa_canceled' })
    })
    answers = [mfaRefusal('missing_or_invalid_mfa')]
    await expect(ops.sign(WALLET, rpc)).rejects.toMatchObject({ message: 'MFA canceled' })
    expect(requests).toHaveLength(1)
  })

  it('failure: other errors are not MFA: no token is asked for', async () => {
    const ops = await operations()
    let asked = false
    embeddedWalletHooks(h!.kernel).mfaToken.tap('test', async () => ((asked = true), 'x'))
    answers = [mfaRefusal('wallet_not_found')]
    await expect(ops.sign(WALLET, rpc)).rejects.toMatchObject({ code: 'wallet_not_found' })
    expect(asked).toBe(false)
  })
})
