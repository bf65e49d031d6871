/**
 * The hidden wallet frame's script (`/apps/{appId}/embedded-wallets`, on the API's origin): reads the
 * page's configuration and serves the wallet operations to the app's pages.
 * @module
 */
import { frameApi } from './api'
import { serveFrame } from './channel'
import { createCloudRecovery } from './cloud'
import { readFrameConfig } from './config'
import { walletHandlers } from './handlers'
import { frameStorage } from './storage'
import { createWalletService } from './wallets'

const config = readFrameConfig()
const service = createWalletService({
  appId: config.appId,
  api: frameApi({ apiBase: config.apiBase, appId: config.appId }),
  storage: frameStorage(),
  cloud: createCloudRecovery({ apiBase: config.apiBase, appId: config.appId }),
})
serveFrame({ allowedOrigins: config.allowedOrigins, handlers: walletHandlers(service) })
