import { describe, expect, it } from 'vitest'
import { DEFAULT_ACCENT_COLOR, mergeAppConfig } from './config-merge'
import { makeAppResponse, TEST_APP_ID } from '../test/support/kernel-fixtures'
import type { LoginMethodDefinition } from './plugin'

const m = (id: string, enabledBy: string, order?: number): LoginMethodDefinition => ({
  id,
  group: 'web2',
  label: { text: id },
  enabledBy,
  screen: `${id}/entry`,
  ...(order === undefined ? {} : { order }),
})
const methods = [m('wallet', 'wallet_auth', 2), m('google', 'google_oauth', 3), m('sms', 'sms_auth', 1), m('email', 'email_auth', 0)]
const server = makeAppResponse({ email_auth: true, sms_auth: true, wallet_auth: true, google_oauth: false })

describe('mergeAppConfig login methods', () => {
  it("default: server switches that a plugin backs, in the methods' declared order", () => {
    expect(mergeAppConfig(server, {}, methods).loginMethods).toEqual(['email', 'sms', 'wallet'])
  })

  it('behavior: methods that declare no order follow the ordered ones, in plugin order', () => {
    const s = makeAppResponse({ email_auth: true, guest_auth: true, passkey_auth: true })
    const list = [m('guest', 'guest_auth'), m('passkey', 'passkey_auth', 16), m('magic', 'email_auth'), m('email', 'email_auth', 0)]
    expect(mergeAppConfig(s, {}, list).loginMethods).toEqual(['email', 'passkey', 'guest', 'magic'])
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
  })

  it('host overrides win over the server', () => {
    const c = mergeAppConfig(makeAppResponse({ theme: 'dark', accent_color: '#000000' }), {
      name: 'Mine',
      appearance: { theme: 'light', accentColor: '#ff0000', logo: 'l.svg', landingHeader: 'Hi', landingMode: 'overflow-web3' },
      legal: { privacyPolicyUrl: 'https://p', requireUsersAcceptTerms: false },
      intl: { defaultCountry: 'FR' },
    })
    expect(c.name).toBe('Mine')
    expect(c.appearance).toMatchObject({ theme: 'light', accentColor: '#ff0000', logo: 'l.svg', landingHeader: 'Hi', landingMode: 'overflow-web3' })
    expect(c.legal.privacyPolicyUrl).toBe('https://p')
    expect(c.intl.defaultCountry).toBe('FR')
  })

  it('the server accent colour is used when the host sets none', () => {
    expect(mergeAppConfig(makeAppResponse({ accent_color: '#123456' })).appearance.accentColor).toBe('#123456')
  })
})

describe('chain settings', () => {
  it("default: the host's chains pass through unchecked; without any, no chain (a wallet plugin fills its own)", () => {
    const base = { id: 'eip155:8453', name: 'Base', rpcUrls: ['https://mainnet.base.org'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    const c = mergeAppConfig(server, { supportedChains: [base] }, methods)
    expect(c.supportedChains).toEqual([base])
    expect(c.defaultChain).toBe('eip155:8453')
    expect(mergeAppConfig(server, {}, methods)).toMatchObject({ supportedChains: [], defaultChain: null })
  })
})
