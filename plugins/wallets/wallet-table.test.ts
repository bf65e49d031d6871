import { describe, expect, it } from 'vitest'
import {
  MOBILE_WALLETS,
  type MobileWallet,
  NAMED_WALLET_LIST_ENTRIES,
  deepLink,
  isNamedWalletListEntry,
  mobileWallet,
  nativeDeepLink,
  universalDeepLink,
} from './wallet-table'

const uri = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'

describe('MOBILE_WALLETS', () => {
  it('default: holds about 50 wallets keyed by client type, each with an explorer id, a name, a host and at least one link', () => {
    const entries: [string, MobileWallet][] = Object.entries(MOBILE_WALLETS)
    expect(entries.length).toBeGreaterThanOrEqual(45)
    for (const [key, w] of entries) {
      expect(key, key).toMatch(/^[a-z0-9_]+$/)
      expect(w.id, key).toMatch(/^[0-9a-f]{64}$/)
      expect(w.name.length, key).toBeGreaterThan(0)
      expect(w.host, key).toMatch(/^[a-z0-9.-]+\.[a-z]{2,}$/)
      expect(w.native ?? w.universal, `${key} has a link`).toBeTruthy()
      if (w.native) expect(w.native, key).toMatch(/^[a-z][a-z0-9+.-]*:/)
      if (w.universal) expect(w.universal, key).toMatch(/^https:\/\//)
    }
  })

  it('behavior: explorer ids are unique', () => {
    const ids = Object.values(MOBILE_WALLETS).map((w) => w.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('behavior: every named wallet entry except the SDK and extension-only ones is in the table', () => {
    for (const id of NAMED_WALLET_LIST_ENTRIES) {
      if (id === 'wallet_connect' || id === 'universal_profile') continue
      expect(mobileWallet(id), id).toBeDefined()
    }
    expect(NAMED_WALLET_LIST_ENTRIES).toHaveLength(13)
  })
})

describe('lookups', () => {
  it('behavior: mobileWallet finds by client type and refuses unknown ids and prototype keys', () => {
    expect(mobileWallet('metamask')?.name).toBe('MetaMask')
    expect(mobileWallet('nope')).toBeUndefined()
    expect(mobileWallet('toString')).toBeUndefined()
    expect(mobileWallet('__proto__')).toBeUndefined()
  })

  it('behavior: isNamedWalletListEntry accepts the spec names only', () => {
    expect(isNamedWalletListEntry('universal_profile')).toBe(true)
    expect(isNamedWalletListEntry('detected_wallets')).toBe(false)
    expect(isNamedWalletListEntry('trust')).toBe(false)
  })
})

describe('deep links', () => {
  const encoded = encodeURIComponent(uri)

  it('behavior: native links put wc?uri= after the scheme, keeping a path and fixing a bare scheme', () => {
    expect(nativeDeepLink('metamask://', uri)).toBe(`metamask://wc?uri=${encoded}`)
    expect(nativeDeepLink('argent://app/', uri)).toBe(`argent://app/wc?uri=${encoded}`)
    expect(nativeDeepLink('okex://main', uri)).toBe(`okex://main/wc?uri=${encoded}`)
    expect(nativeDeepLink('rainbow:', uri)).toBe(`rainbow://wc?uri=${encoded}`)
  })

  it('behavior: universal links add /wc?uri= once', () => {
    expect(universalDeepLink('https://rnbwapp.com', uri)).toBe(`https://rnbwapp.com/wc?uri=${encoded}`)
    expect(universalDeepLink('https://app.onekey.so/wc/connect/', uri)).toBe(`https://app.onekey.so/wc/connect/wc?uri=${encoded}`)
  })

  it('behavior: the uri is fully encoded, so its own query survives as one parameter', () => {
    const link = new URL(deepLink('rainbow', uri, { preferUniversal: true })!)
    expect(link.searchParams.get('uri')).toBe(uri)
    expect([...link.searchParams.keys()]).toEqual(['uri'])
  })

  it('default: native is preferred; preferUniversal picks the universal link', () => {
    expect(deepLink('metamask', uri)).toBe(`metamask://wc?uri=${encoded}`)
    expect(deepLink('metamask', uri, { preferUniversal: true })).toBe(`https://metamask.app.link/wc?uri=${encoded}`)
  })

  it('behavior: a wallet without the preferred kind falls back to the other kind', () => {
    expect(MOBILE_WALLETS.ledger.universal).toBeNull()
    expect(deepLink('ledger', uri, { preferUniversal: true })).toBe(`ledgerlive://wc?uri=${encoded}`)
  })

  it('behavior: an unknown wallet has no link', () => {
    expect(deepLink('not_a_wallet', uri)).toBeNull()
  })
})
