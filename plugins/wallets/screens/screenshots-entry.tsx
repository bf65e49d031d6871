/**
 * Browser entry of the wallet screens' screenshot page: the modal open at the screen named in the
 * query string, with the injected connector plugin and whatever test wallets the page was given.
 * @internal
 * @module
 */
import { createMemoryStorage } from '../../../kernel/storage'
import { CONNECTIONS_STORAGE_KEY } from '../index'
import { email } from '../../../plugins/email'
import { injected } from '../../../plugins/injected'
import { mountScreenshotPage } from '../../../ui/dev/shoot-entry'

const recent = new URLSearchParams(location.search).get('recent')
const storage = createMemoryStorage()
if (recent) {
  storage.set(CONNECTIONS_STORAGE_KEY, JSON.stringify([{ address: '0x1', connectorType: 'injected', walletClientType: recent, connectedAt: 1 }]))
}
mountScreenshotPage([email(), injected()], 'wallets/list', { storage })
