import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { AuthenticatedUser, User } from '../../kernel/schemas'
import { createApiClient } from '../../kernel/client'
import { createMemoryStorage } from '../../kernel/storage'
import type { ConnectedWallet } from '../wallets'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { createTestSolanaWallet } from '../../testing/solana-wallet/wallet'
import { createStandardConnector } from '../solana/standard'
import { createSiwsAuthenticator } from './authenticator'
import { siwsServer } from './server'

const page = () => ({ host: 'localhost:5173', origin: 'http://localhost:5173' })

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), siwsServer()],
    app: { settings: { loginMethods: ['email_auth', 'solana_wallet_auth'] } },
  })
})
afterAll(() => t.close())

/** The real API client, signed in with `token` when given. */
function client(token: string | null = null) {
  return createApiClient({
    appId: t.appId,
    apiUrl: t.baseUrl,
    storage: createMemoryStorage(),
    tokens: { stored: () => token, fresh: async () => token },
  })
}

async function connected() {
  const { wallet, control } = await createTestSolanaWallet()
  const connector = createStandardConnector(wallet)
  const { accounts, chainId } = await connector.connect()
  const connectedWallet: ConnectedWallet = {
    type: 'solana',
    address: accounts[0]!,
    chainId,
    meta: { name: wallet.name, id: connector.walletClientType },
    imported: false,
    connectedAt: Date.now(),
    walletClientType: connector.walletClientType,
    connectorType: connector.connectorType,
    isConnected: true,
    linked: false,
    entryId: `solana:${connector.walletClientType}`,
  }
  return { connector, control, wallet: connectedWallet }
}

describe('the solana wallet authenticator', () => {
  it('behavior: signs in with the captcha token of beginLogin, a SIWS message the wallet signed, and the wallet types', async () => {
    const tokens: string[] = []
    const authenticator = createSiwsAuthenticator(
      { api: client(), beginLogin: async () => (tokens.push('begun'), {}) },
      { page },
    )
    const { connector, control, wallet } = await connected()
    const auth = v.parse(AuthenticatedUser, await authenticator.authenticate(wallet, connector, { mode: 'login-or-sign-up' }))
    expect(tokens).toEqual(['begun'])
    expect(auth.is_new_user).toBe(true)
    expect(auth.user.linked_accounts[0]).toMatchObject({
      type: 'wallet',
      address: control.address,
      chain_type: 'solana',
      wallet_client_type: 'test_solana_wallet',
      connector_type: 'solana_adapter',
    })
    expect(control.signed[0]).toMatch(/^localhost:5173 wants you to sign in with your Solana account:\n/)
    expect(control.signed[0]).toContain('\nVersion: 1\nChain ID: mainnet\n')
  })

  it('behavior: a rejection in the wallet surfaces as wallet_user_rejected and signs nobody in', async () => {
    const authenticator = createSiwsAuthenticator({ api: client(), beginLogin: async () => ({}) }, { page })
    const { connector, control, wallet } = await connected()
    control.setMode('reject')
    await expect(authenticator.authenticate(wallet, connector, { mode: 'login-or-sign-up' })).rejects.toMatchObject({
      code: 'wallet_user_rejected',
    })
    const users = await t.db.query('SELECT 1 FROM linked_accounts WHERE identity_key = $1', [control.address])
    expect(users).toHaveLength(0)
  })

  it('behavior: links the wallet to the signed-in user', async () => {
    const session = await t.login('siws-client-link@example.com')
    const authenticator = createSiwsAuthenticator(
      { api: client(session.token), beginLogin: async () => Promise.reject(new Error('a link asks for no captcha')) },
      { page },
    )
    const { connector, control, wallet } = await connected()
    const user = v.parse(User, await authenticator.link(wallet, connector))
    expect(user.id).toBe(session.user.id)
    expect(user.linked_accounts.some((a) => a.type === 'wallet' && (a as { address?: string }).address === control.address)).toBe(true)
  })
})
