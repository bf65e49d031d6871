/** The funding plugin's server half: the `funding` setting, answered as the app response's `funding_config`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { AppResponse } from '../../kernel/schemas'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { FundingConfigWire } from './app-config'
import { fundingServer } from './server'

let t: TestInstance
const ADMIN = 'admin-key-for-funding-0123456789abcdef'
beforeAll(async () => {
  t = await createTestInstance({ plugins: [emailServer(), fundingServer()], adminKey: ADMIN })
})
afterAll(async () => {
  await t.close()
})

async function fundingConfigOf(appId: string): Promise<unknown> {
  const res = await t.request(`/api/v1/apps/${appId}`, { appId })
  expect(res.status).toBe(200)
  // The widget's own schema accepts the response, and the funding plugin's accepts its funding_config.
  expect(v.safeParse(AppResponse, res.body).success).toBe(true)
  expect(v.safeParse(FundingConfigWire, res.body.funding_config).success).toBe(true)
  return res.body.funding_config
}

describe('funding_config', () => {
  it('default: an app without funding settings answers every method offered, no defaults, bridging and the prompt off', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['email_auth'] } })
    expect(await fundingConfigOf(app.id)).toEqual({
      default_recommended_amount: null,
      default_recommended_currency: null,
      cross_chain_bridging_enabled: false,
      prompt_funding_on_wallet_creation: false,
    })
  })

  it("behavior: the app's funding settings are answered in the contract's snake_case", async () => {
    const app = await t.createApp({
      settings: {
        loginMethods: ['email_auth'],
        funding: {
          options: [{ method: 'card', provider: 'moonpay' }, { method: 'wallets' }],
          defaultRecommendedAmount: '0.05',
          defaultRecommendedCurrency: { chain: 'eip155:8453', asset: 'USDC' },
          crossChainBridgingEnabled: true,
          promptFundingOnWalletCreation: true,
        },
      },
    })
    expect(await fundingConfigOf(app.id)).toEqual({
      options: [{ method: 'card', provider: 'moonpay' }, { method: 'wallets' }],
      default_recommended_amount: '0.05',
      default_recommended_currency: { chain: 'eip155:8453', asset: 'USDC' },
      cross_chain_bridging_enabled: true,
      prompt_funding_on_wallet_creation: true,
    })
  })

  it.each([
    ['an amount of 0', { defaultRecommendedAmount: '0' }],
    ['an amount with two points', { defaultRecommendedAmount: '1.2.3' }],
    ['a chain that is not CAIP-2', { defaultRecommendedCurrency: { chain: '8453', asset: 'USDC' } }],
    ['an unknown asset', { defaultRecommendedCurrency: { chain: 'eip155:1', asset: 'DOGE' } }],
    ['an unknown field', { promptFunding: true }],
    ['a method with markup', { options: [{ method: '<b>' }] }],
  ])('behavior: a funding setting with %s is refused and nothing is stored', async (_name, funding) => {
    const app = await t.createApp({ settings: { loginMethods: ['email_auth'], funding: { defaultRecommendedAmount: '0.1' } } })
    const res = await t.request(`/admin/v1/apps/${app.id}`, {
      method: 'PATCH',
      appId: null,
      headers: { authorization: `Bearer ${ADMIN}` },
      body: { settings: { funding } },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    t.server.invalidateApp(app.id)
    expect(await fundingConfigOf(app.id)).toMatchObject({ default_recommended_amount: '0.1', default_recommended_currency: null })
  })

  it('behavior: the admin API changes one field at a time (merged), and the app response follows', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['email_auth'], funding: { defaultRecommendedAmount: '0.1' } } })
    const res = await t.request(`/admin/v1/apps/${app.id}`, {
      method: 'PATCH',
      appId: null,
      headers: { authorization: `Bearer ${ADMIN}` },
      body: { settings: { funding: { crossChainBridgingEnabled: true } } },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    t.server.invalidateApp(app.id)
    expect(await fundingConfigOf(app.id)).toMatchObject({ default_recommended_amount: '0.1', cross_chain_bridging_enabled: true })
  })
})
