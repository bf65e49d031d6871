/**
 * The export frame's script (`/apps/{appId}/embedded-wallets/export`, shown inside the modal): the
 * page's look from its query, then the `export` and `import` operations for the app's pages.
 * @module
 */
import { frameApi } from './api'
import { serveFrame } from './channel'
import { readFrameConfig } from './config'
import { applyLook, exportHandlers } from './export-view'
import { frameStorage } from './storage'
import { createWalletService } from './wallets'

applyLook(document, location.search)
const config = readFrameConfig()
const service = createWalletService({
  appId: config.appId,
  api: frameApi({ apiBase: config.apiBase, appId: config.appId }),
  storage: frameStorage(),
})
serveFrame({ allowedOrigins: config.allowedOrigins, handlers: exportHandlers(service) })
