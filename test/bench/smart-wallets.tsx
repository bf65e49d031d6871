/**
 * The page the smart wallet's lazy JS is measured on: the embedded wallet with the smart-wallet
 * plugin and a host component that calls `useSmartWallets()`. The account code (`permissionless`)
 * must stay out of the initial chunks: it loads with the first `getClient()`.
 */
import { email } from 'portico/plugins/email'
import { embeddedWallets } from 'portico/plugins/embedded-wallets'
import { smartWallets, useSmartWallets } from 'portico/plugins/smart-wallets'
import { renderHostPage } from './host-page'

function SmartWalletProbe() {
  const { enabled, getClient } = useSmartWallets()
  return enabled ? <button type="button" onClick={() => void getClient()}>Smart wallet</button> : null
}

renderHostPage([email(), embeddedWallets(), smartWallets()], <SmartWalletProbe />)
