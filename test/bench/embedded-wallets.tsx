/**
 * The page the embedded wallet's size budget is measured on: the email-only page with the embedded
 * wallet on (created after login for users without one).
 */
import { email } from 'portico/plugins/email'
import { embeddedWallets } from 'portico/plugins/embedded-wallets'
import { renderHostPage } from './host-page'

renderHostPage([email(), embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' } })])
