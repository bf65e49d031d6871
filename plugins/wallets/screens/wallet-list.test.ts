import { describe, expect, it } from 'vitest'
import type { ConnectorEntry, WalletChainType } from '../types'
import { walletListItems } from './wallet-list'

const entry = (id: string, chainType: WalletChainType, installed: boolean, walletClientType = id, connectorType: ConnectorEntry['connectorType'] = 'injected'): ConnectorEntry => ({
  id: `x:${id}`,
  chainType,
  connectorType,
  walletClientType,
  branding: { id, name: id },
  installed,
  load: () => Promise.reject(new Error('not loaded in this test')),
})

const all = [
  entry('wallet_connect', 'ethereum', false, 'wallet_connect', 'wallet_connect_v2'),
  entry('metamask', 'ethereum', true),
  entry('phantom', 'solana', true),
  entry('coinbase_wallet', 'ethereum', false, 'coinbase_wallet', 'coinbase_wallet'),
  entry('rabby_wallet', 'ethereum', true),
]
const ids = (items: ReturnType<typeof walletListItems>) => items.map((i) => i.entry.branding.id)

describe('wallet list', () => {
  it('default: ethereum wallets only, installed first, registry order kept', () => {
    expect(ids(walletListItems(all))).toEqual(['metamask', 'rabby_wallet', 'wallet_connect', 'coinbase_wallet'])
  })

  it('parameters: walletChainType solana-only and ethereum-and-solana', () => {
    expect(ids(walletListItems(all, { walletChainType: 'solana-only' }))).toEqual(['phantom'])
    expect(ids(walletListItems(all, { walletChainType: 'ethereum-and-solana' }))).toEqual(['metamask', 'phantom', 'rabby_wallet', 'wallet_connect', 'coinbase_wallet'])
  })

  it('parameters: walletList orders named wallets and detected groups, and leaves the rest out', () => {
    const list = walletListItems(all, { walletChainType: 'ethereum-and-solana', walletList: ['coinbase_wallet', 'detected_solana_wallets', 'rabby_wallet', 'detected_wallets'] })
    expect(ids(list)).toEqual(['phantom', 'rabby_wallet', 'metamask', 'coinbase_wallet'])
    expect(ids(walletListItems(all, { walletList: ['detected_ethereum_wallets'] }))).toEqual(['metamask', 'rabby_wallet'])
    expect(ids(walletListItems(all, { walletList: ['wallet_connect'] }))).toEqual(['wallet_connect'])
  })

  it('behavior: the wallet of the newest stored connection is marked Recent', () => {
    const history = [
      { address: '0x1', connectorType: 'injected' as const, walletClientType: 'rabby_wallet', connectedAt: 2 },
      { address: '0x2', connectorType: 'injected' as const, walletClientType: 'metamask', connectedAt: 1 },
    ]
    expect(walletListItems(all, { history }).filter((i) => i.recent).map((i) => i.entry.branding.id)).toEqual(['rabby_wallet'])
  })

  it('parameters: chainTypes drops chains no plugin can sign in', () => {
    expect(ids(walletListItems(all, { walletChainType: 'ethereum-and-solana', chainTypes: ['solana'] }))).toEqual(['phantom'])
  })
})
