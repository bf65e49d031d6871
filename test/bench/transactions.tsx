/**
 * The page the transaction screens' lazily loaded JS is measured on: the embedded wallet with the
 * transactions plugin.
 */
import { email } from 'portico/plugins/email'
import { embeddedWallets } from 'portico/plugins/embedded-wallets'
import { transactions } from 'portico/plugins/transactions'
import { renderHostPage } from './host-page'

renderHostPage([email(), embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' } }), transactions()])
