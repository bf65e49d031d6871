/**
 * The page the funding plugins' lazily loaded screen JS is measured on: the embedded wallet with
 * every funding method plugin (one line each; a new funding plugin adds its own here and its id
 * to `FUNDING_PLUGINS` in run.ts).
 */
import { email } from 'portico/plugins/email'
import { embeddedWallets } from 'portico/plugins/embedded-wallets'
import { fundingReceive } from 'portico/plugins/funding-receive'
import { fundingMoonpay } from 'portico/plugins/funding-moonpay'
import { fundingCoinbase } from 'portico/plugins/funding-coinbase'
import { fundingWallet } from 'portico/plugins/funding-wallet'
import { fundingBridge } from 'portico/plugins/funding-bridge'
import { renderHostPage } from './host-page'

renderHostPage([email(), embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' } }), fundingWallet(), fundingReceive(), fundingMoonpay(), fundingCoinbase(), fundingBridge()])
