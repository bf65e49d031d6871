/**
 * The MoonPay and Coinbase Onramp stand-ins the browser tests share (test/fixtures/funding), on the
 * ports the e2e server names to the product (`PORTICO_MOONPAY_WIDGET_URL`, `PORTICO_COINBASE_API_URL`),
 * crediting completed purchases on the e2e run's anvil and local Solana cluster, and the app settings
 * (keys) that reach them.
 */
import { startMoonpayStandIn, type MoonpayStandIn } from '../../fixtures/funding/moonpay'
import { coinbaseTestKey, startCoinbaseOnrampStandIn, type CoinbaseStandIn } from '../../fixtures/funding/coinbase-onramp'
import { coinbaseCredit, moonpayCredit, type LocalChains } from '../../fixtures/funding/credit'
import { COINBASE_STAND_IN_PORT, MOONPAY_STAND_IN_PORT } from '../../../playwright.config'

/** The running stand-ins and an app's settings for them. */
export interface CardStandIns {
  moonpay: MoonpayStandIn
  coinbase: CoinbaseStandIn
  /** The app settings naming the stand-ins' keys (`moonpay`, `coinbaseOnramp`). */
  settings: Record<string, unknown>
  close(): Promise<void>
}

/**
 * Starts both stand-ins on their e2e ports, crediting purchases on the given local chains.
 * @param chains - the local chains (anvil, the Solana cluster and the cluster it poses as).
 * @returns the stand-ins.
 */
export async function startCardStandIns(chains: LocalChains): Promise<CardStandIns> {
  const moonpayKeys = { apiKey: 'pk_test_portico_e2e', secretKey: 'sk_test_portico_e2e_secret' }
  const key = coinbaseTestKey()
  const coinbaseAccount = { projectId: 'portico-e2e', apiKeyName: 'organizations/portico/apiKeys/e2e', apiKeySecret: key.apiKeySecret }
  const moonpay = await startMoonpayStandIn({ keys: [moonpayKeys], port: MOONPAY_STAND_IN_PORT, credit: moonpayCredit(chains) })
  const coinbase = await startCoinbaseOnrampStandIn({
    projectId: coinbaseAccount.projectId,
    apiKeyName: coinbaseAccount.apiKeyName,
    publicKeyPem: key.publicKeyPem,
    port: COINBASE_STAND_IN_PORT,
    credit: coinbaseCredit(chains),
  }).catch(async (err: unknown) => {
    await moonpay.close()
    throw err
  })
  return {
    moonpay,
    coinbase,
    settings: { moonpay: { sandbox: moonpayKeys }, coinbaseOnramp: coinbaseAccount },
    close: async () => {
      await moonpay.close()
      await coinbase.close()
    },
  }
}
