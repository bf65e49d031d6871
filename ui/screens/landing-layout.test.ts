import { describe, expect, it } from 'vitest'
import { createPortico } from '../../kernel/kernel'
import { definePlugin, type LoginMethodDefinition } from '../../kernel/plugin'
import { mergeAppConfig } from '../../kernel/config-merge'
import type { ClientConfig } from '../../kernel/config'
import { format, textOf } from '../../kernel/messages'
import { appResponse } from '../../test/support/ui-harness-data'
import { landingItems, layoutLanding, type LandingItem } from './landing-layout'
import { email } from '../../plugins/email'
import { sms } from '../../plugins/sms'
import { guest } from '../../plugins/guest'
import { passkey } from '../../plugins/passkey'
import { farcaster } from '../../plugins/farcaster'
import { telegram } from '../../plugins/telegram'
import { wallets } from '../../plugins/wallets'
import { oauth } from '../../plugins/oauth'

const item = (id: string, group: 'web2' | 'web3' = 'web2'): LandingItem => ({
  method: { id, group, label: { text: id }, enabledBy: `${id}_auth`, screen: `${id}/entry` },
  pluginId: id,
  inline: false,
})
const ids = (xs: LandingItem[]) => xs.map((x) => x.method.id)

describe('layoutLanding', () => {
  it('default: up to 5 items show without an overflow entry', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((x) => item(x))
    expect(layoutLanding(five, [], 'default', 'web2')).toEqual({ visible: five, overflow: [] })
  })

  it('default: 6 items show 4 and put the rest behind More options', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => item(x))
    const l = layoutLanding(six, [], 'default', 'web2')
    expect(ids(l.visible)).toEqual(['a', 'b', 'c', 'd'])
    expect(ids(l.overflow)).toEqual(['e', 'f'])
  })

  it('parameters: a configured overflow list caps the visible list at 4', () => {
    const l = layoutLanding(['a', 'b', 'c', 'd', 'e'].map((x) => item(x)), [item('z')], 'default', 'web2')
    expect(ids(l.visible)).toEqual(['a', 'b', 'c', 'd'])
    expect(ids(l.overflow)).toEqual(['e', 'z'])
  })

  it('parameters: overflow-web2 shows 3 web2 entries, 2 when a wallet row exists', () => {
    const web2 = ['a', 'b', 'c', 'd'].map((x) => item(x))
    expect(ids(layoutLanding(web2, [], 'overflow-web2', 'web2').visible)).toEqual(['a', 'b', 'c'])
    const l = layoutLanding([...web2, item('wallet', 'web3')], [], 'overflow-web2', 'web2')
    expect(ids(l.visible)).toEqual(['a', 'b', 'wallet'])
    expect(ids(l.overflow)).toEqual(['c', 'd'])
    expect(ids(layoutLanding([...web2, item('wallet', 'web3')], [], 'overflow-web2', 'web3').visible)).toEqual(['wallet', 'a', 'b'])
  })

  it('parameters: overflow-web3 puts the web3 entries behind More options', () => {
    const l = layoutLanding([item('a'), item('wallet', 'web3')], [], 'overflow-web3', 'web2')
    expect(ids(l.visible)).toEqual(['a'])
    expect(ids(l.overflow)).toEqual(['wallet'])
  })
})

// Stand-ins: wallet plugins do not exist yet, so web3 methods are plain definitions.
const noScreen = () => Promise.resolve({ default: null })
const method = (id: string, group: 'web2' | 'web3', enabledBy: string, inline = false): LoginMethodDefinition => ({
  id,
  group,
  label: { text: id },
  enabledBy,
  screen: `${id}/entry`,
  ...(inline ? { inline: noScreen } : {}),
})
const STAND_INS = {
  email: method('email', 'web2', 'email_auth', true),
  sms: method('sms', 'web2', 'sms_auth', true),
  guest: method('guest', 'web2', 'guest_auth'),
  google: method('google', 'web2', 'google_oauth'),
  wallet: method('wallet', 'web3', 'wallet_auth'),
  solana: method('solana', 'web3', 'solana_wallet_auth'),
  farcaster: method('farcaster', 'web3', 'farcaster_auth'),
}
type StandIn = keyof typeof STAND_INS

/** A kernel with one stand-in plugin per method, every switch on, and the merged config. */
function setup(ids: StandIn[], client: ClientConfig = {}) {
  const plugins = ids.map((id) => definePlugin({ id: `${id}-plugin`, kind: 'login', loginMethods: [STAND_INS[id]] }))
  const kernel = createPortico({ appId: 'cm0testappidabcdefghijklm', apiUrl: 'http://127.0.0.1:9', plugins })
  const server = appResponse({
    email_auth: true, sms_auth: true, guest_auth: true, google_oauth: true, wallet_auth: true,
    solana_wallet_auth: true, farcaster_auth: true,
  })
  const config = mergeAppConfig(server, client, ids.map((id) => STAND_INS[id]))
  const { primary, overflow } = landingItems(kernel, config)
  const layout = layoutLanding(primary, overflow, config.appearance.landingMode, config.appearance.loginGroupPriority, {
    keepOrder: !!client.loginMethodsAndOrder,
  })
  kernel.destroy()
  return { primary, overflow, layout, config }
}
const inlineIds = (xs: LandingItem[]) => xs.filter((x) => x.inline).map((x) => x.method.id)

describe('landingItems with any mix of methods', () => {
  it('default: each item carries the plugin that offers it and the host order', () => {
    const { primary } = setup(['email', 'sms', 'guest'], { loginMethods: ['guest', 'sms', 'email'] })
    expect(primary.map((p) => [p.method.id, p.pluginId])).toEqual([['guest', 'guest-plugin'], ['sms', 'sms-plugin'], ['email', 'email-plugin']])
  })

  it('behavior: web2-only (email, sms, guest) shows every row, one direct input only', () => {
    const { layout } = setup(['email', 'sms', 'guest'], { loginMethods: ['email', 'sms', 'guest'] })
    expect(ids(layout.visible)).toEqual(['email', 'sms', 'guest'])
    expect(layout.overflow).toEqual([])
    expect(inlineIds(layout.visible)).toEqual(['email'])
  })

  it('behavior: web3-only shows the wallets with no input', () => {
    const { layout } = setup(['wallet', 'solana'], { loginMethods: ['wallet', 'solana'] })
    expect(ids(layout.visible)).toEqual(['wallet', 'solana'])
    expect(inlineIds(layout.visible)).toEqual([])
  })

  it('behavior: a mix groups web2 first by default, web3 first with priority web3', () => {
    const order = ['wallet', 'email', 'solana', 'guest'] as const
    const web2First = setup([...order], { loginMethods: [...order] })
    expect(ids(web2First.layout.visible)).toEqual(['email', 'guest', 'wallet', 'solana'])
    const web3First = setup([...order], { loginMethods: [...order], appearance: { loginGroupPriority: 'web3' } })
    expect(ids(web3First.layout.visible)).toEqual(['wallet', 'solana', 'email', 'guest'])
  })

  it('parameters: the server flag show_wallet_login_first leads with web3 when the host sets no priority', () => {
    const kernel = createPortico({ appId: 'cm0testappidabcdefghijklm', apiUrl: 'http://127.0.0.1:9', plugins: [definePlugin({ id: 'x', kind: 'login', loginMethods: [STAND_INS.email, STAND_INS.wallet] })] })
    const config = mergeAppConfig(appResponse({ email_auth: true, wallet_auth: true, show_wallet_login_first: true }), {}, [STAND_INS.email, STAND_INS.wallet])
    const { primary, overflow } = landingItems(kernel, config)
    kernel.destroy()
    expect(ids(layoutLanding(primary, overflow, config.appearance.landingMode, config.appearance.loginGroupPriority).visible)).toEqual(['wallet', 'email'])
  })

  it('parameters: loginMethodsAndOrder keeps the host order and its overflow list', () => {
    const { layout } = setup(['email', 'sms', 'guest', 'wallet', 'google'], {
      loginMethodsAndOrder: { primary: ['wallet', 'guest', 'email'], overflow: ['sms', 'google'] },
    })
    expect(ids(layout.visible)).toEqual(['wallet', 'guest', 'email'])
    expect(ids(layout.overflow)).toEqual(['sms', 'google'])
    expect(inlineIds(layout.overflow)).toEqual([])
  })

  it('parameters: loginMethodsAndOrder keeps the host order in the grouped overflow-web2 mode too', () => {
    const { layout } = setup(['email', 'sms', 'guest', 'wallet'], {
      loginMethodsAndOrder: { primary: ['wallet', 'sms', 'email', 'guest'] },
      appearance: { landingMode: 'overflow-web2' },
    })
    expect(ids(layout.visible)).toEqual(['wallet', 'sms', 'email'])
    expect(ids(layout.overflow)).toEqual(['guest'])
    expect(inlineIds(layout.visible)).toEqual(['sms'])
  })

  it('behavior: seven mixed methods show 4 rows and put 3 behind More options', () => {
    const all: StandIn[] = ['email', 'sms', 'guest', 'google', 'wallet', 'solana', 'farcaster']
    const { layout } = setup(all, { loginMethods: all })
    expect(ids(layout.visible)).toEqual(['email', 'sms', 'guest', 'google'])
    expect(ids(layout.overflow)).toEqual(['wallet', 'solana', 'farcaster'])
    const web3First = setup(all, { loginMethods: all, appearance: { loginGroupPriority: 'web3' } })
    expect(ids(web3First.layout.visible)).toEqual(['wallet', 'solana', 'farcaster', 'email'])
    expect(inlineIds(web3First.layout.visible)).toEqual(['email'])
  })

  it('parameters: overflow-web2 with a mix shows 2 web2 rows beside the wallets, the rest in the overflow', () => {
    const mix: StandIn[] = ['email', 'sms', 'guest', 'wallet']
    const { layout } = setup(mix, { loginMethods: mix, appearance: { landingMode: 'overflow-web2' } })
    expect(ids(layout.visible)).toEqual(['email', 'sms', 'wallet'])
    expect(ids(layout.overflow)).toEqual(['guest'])
    const noWallet = setup(['email', 'sms', 'guest', 'google'], { appearance: { landingMode: 'overflow-web2' }, loginMethods: ['email', 'sms', 'guest', 'google'] })
    expect(ids(noWallet.layout.visible)).toEqual(['email', 'sms', 'guest'])
    expect(ids(noWallet.layout.overflow)).toEqual(['google'])
  })

  it('parameters: overflow-web3 keeps web2 rows visible and moves every web3 method to the overflow', () => {
    const mix: StandIn[] = ['wallet', 'guest', 'solana', 'sms']
    const { layout } = setup(mix, { loginMethods: mix, appearance: { landingMode: 'overflow-web3', loginGroupPriority: 'web3' } })
    expect(ids(layout.visible)).toEqual(['guest', 'sms'])
    expect(ids(layout.overflow)).toEqual(['wallet', 'solana'])
    expect(inlineIds(layout.visible)).toEqual(['sms'])
  })

  it('parameters: hideDirectWeb2Inputs turns every input into a button', () => {
    const mix: StandIn[] = ['email', 'sms', 'wallet']
    const { layout } = setup(mix, { loginMethods: mix, appearance: { hideDirectWeb2Inputs: true } })
    expect(ids(layout.visible)).toEqual(['email', 'sms', 'wallet'])
    expect(inlineIds(layout.visible)).toEqual([])
  })

  it('behavior: a method without a plugin or with its switch off is left out', () => {
    const kernel = createPortico({ appId: 'cm0testappidabcdefghijklm', apiUrl: 'http://127.0.0.1:9', plugins: [definePlugin({ id: 'e', kind: 'login', loginMethods: [STAND_INS.email, STAND_INS.sms] })] })
    const config = mergeAppConfig(appResponse({ email_auth: true, sms_auth: false }), { loginMethods: ['sms', 'email', 'wallet'] }, [STAND_INS.email, STAND_INS.sms])
    expect(ids(landingItems(kernel, config).primary)).toEqual(['email'])
    kernel.destroy()
  })
})

describe('landing rows of the first-party methods', () => {
  it("default: every row reads 'Continue with …' or 'Continue as …', like the others", () => {
    const plugins = [email(), sms(), guest(), passkey(), farcaster(), telegram(), wallets(), oauth({ providers: ['google', 'github'] })]
    const labels = plugins.flatMap((p) =>
      (p.loginMethods ?? []).map((m) => textOf((k, v) => format((p.messages as Record<string, string>)[k] ?? k, v), m.label)),
    )
    expect(labels).toContain('Continue with Farcaster')
    expect(labels).toContain('Continue with Telegram')
    for (const label of labels) expect(label).toMatch(/^Continue (with|as) /)
  })
})

