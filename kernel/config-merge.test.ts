import { describe, expect, it } from 'vitest'
import { DEFAULT_ACCENT_COLOR, DEFAULT_SUPPORTED_CHAINS, mergeAppConfig, resolveChains } from './config-merge'
import { makeAppResponse, TEST_APP_ID } from './test-fixtures'
import type { LoginMethodDefinition } from './plugin'

const m = (id: string, enabledBy: string, group: 'web2' | 'web3' = 'web2'): LoginMethodDefinition => ({
  id,
  group,
  label: id,
  enabledBy,
  screen: `${id}/entry`,
})
const methods = [m('wallet', 'wallet_auth', 'web3'), m('google', 'google_oauth'), m('sms', 'sms_auth'), m('email', 'email_auth')]
const server = makeAppResponse({ email_auth: true, sms_auth: true, wallet_auth: true, google_oauth: false })

describe('mergeAppConfig login methods', () => {
  it('default: server switches that a plugin backs, in the default order', () => {
    expect(mergeAppConfig(server, {}, methods).loginMethods).toEqual(['email', 'sms', 'wallet'])
  })

  it('host order wins, intersected with server switches and plugins', () => {
    const c = mergeAppConfig(server, { loginMethods: ['wallet', 'google', 'twitter', 'email', 'email'] }, methods)
    expect(c.loginMethods).toEqual(['wallet', 'email'])
    expect(c.overflowMethods).toEqual([])
  })

  it('loginMethodsAndOrder gives primary and overflow lists and beats loginMethods', () => {
    const c = mergeAppConfig(
      server,
      { loginMethods: ['sms'], loginMethodsAndOrder: { primary: ['email', 'google'], overflow: ['wallet', 'email', 'sms'] } },
      methods,
    )
    expect(c.loginMethods).toEqual(['email'])
    expect(c.overflowMethods).toEqual(['wallet', 'sms'])
  })

  it('an enabled custom OAuth provider counts as switched on', () => {
    const s = makeAppResponse({
      custom_oauth_providers: [{ provider: 'custom:acme', provider_display_name: 'Acme', provider_icon_url: '', enabled: true }],
    })
    expect(mergeAppConfig(s, {}, [m('custom:acme', 'custom_oauth')]).loginMethods).toEqual(['custom:acme'])
  })
})

describe('mergeAppConfig appearance, legal, intl', () => {
  it('default: server values, then defaults', () => {
    const c = mergeAppConfig(
      makeAppResponse({
        theme: 'dark',
        logo_url: 'https://x/logo.png',
        terms_and_conditions_url: 'https://x/terms',
        require_users_accept_terms: true,
        show_wallet_login_first: true,
      }),
    )
    expect(c.appId).toBe(TEST_APP_ID)
    expect(c.name).toBe('Test App')
    expect(c.appearance).toEqual({
      theme: 'dark',
      accentColor: DEFAULT_ACCENT_COLOR,
      logo: 'https://x/logo.png',
      loginGroupPriority: 'web3',
      hideDirectWeb2Inputs: false,
      walletChainType: 'ethereum-only',
      landingMode: 'default',
    })
    expect(c.legal).toEqual({ termsAndConditionsUrl: 'https://x/terms', privacyPolicyUrl: null, requireUsersAcceptTerms: true })
    expect(c.intl).toEqual({ defaultCountry: 'US' })
    expect(c.embeddedWallets).toEqual({ createOnLogin: 'off' })
  })

  it('host overrides win over the server', () => {
    const c = mergeAppConfig(makeAppResponse({ theme: 'dark', accent_color: '#000000' }), {
      name: 'Mine',
      appearance: { theme: 'light', accentColor: '#ff0000', logo: 'l.svg', landingHeader: 'Hi', landingMode: 'overflow-web3' },
      legal: { privacyPolicyUrl: 'https://p', requireUsersAcceptTerms: false },
      intl: { defaultCountry: 'FR' },
      embeddedWallets: { createOnLogin: 'all-users' },
    })
    expect(c.name).toBe('Mine')
    expect(c.appearance).toMatchObject({ theme: 'light', accentColor: '#ff0000', logo: 'l.svg', landingHeader: 'Hi', landingMode: 'overflow-web3' })
    expect(c.legal.privacyPolicyUrl).toBe('https://p')
    expect(c.intl.defaultCountry).toBe('FR')
    expect(c.embeddedWallets.createOnLogin).toBe('all-users')
  })

  it('the server accent colour is used when the host sets none', () => {
    expect(mergeAppConfig(makeAppResponse({ accent_color: '#123456' })).appearance.accentColor).toBe('#123456')
  })
})

describe('chain settings', () => {
  it('default: the default chain list and eip155:1', () => {
    const c = mergeAppConfig(server, {}, methods)
    expect(c.defaultChain).toBe('eip155:1')
    expect(c.supportedChains).toBe(DEFAULT_SUPPORTED_CHAINS)
    expect(c.supportedChains.map((x) => x.id)).toContain('eip155:1')
  })

  it("behavior: the host's list is kept; without a defaultChain its first chain is the default", () => {
    const base = { id: 'eip155:8453', name: 'Base', rpcUrls: ['https://mainnet.base.org'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    const c = mergeAppConfig(server, { supportedChains: [base] }, methods)
    expect(c.supportedChains).toEqual([base])
    expect(c.defaultChain).toBe('eip155:8453')
  })

  it('behavior: a default chain outside the list, a non-CAIP-2 id or a repeated id is a config error', () => {
    const base = { id: 'eip155:8453', name: 'Base', rpcUrls: ['https://mainnet.base.org'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    expect(() => resolveChains({ supportedChains: [base], defaultChain: 'eip155:1' })).toThrow(/not one of supportedChains/)
    expect(() => resolveChains({ supportedChains: [{ ...base, id: '8453' }] })).toThrow(/CAIP-2/)
    expect(() => resolveChains({ supportedChains: [base, base] })).toThrow(/twice/)
  })
})
