/**
 * A whole server with cloud recovery on, against the local stand-ins of Google (OAuth + Drive) and
 * CloudKit web services, each registered with the server's callback: what the recovery routes' tests
 * and the wallet frame's cloud tests start.
 * @module
 */
import { emailServer } from '../../plugins/email/server'
import { embeddedWalletsServer, type EmbeddedWalletsServerOptions } from '../../plugins/embedded-wallets/server'
import { cloudRecoveryServer } from '../../plugins/cloud-recovery/server'
import { generateEncryptionKey } from '../../server'
import { startGoogleDriveStandIn, type GoogleDriveStandIn } from '../fixtures/google-drive'
import { startCloudKitStandIn, type CloudKitStandIn } from '../fixtures/cloudkit'
import { createTestInstance, type TestInstance } from './server'

/** The CloudKit container the app names. */
export const CLOUD_TEST_CONTAINER = 'iCloud.test.portico'

/** Options of {@link startCloudRecoveryServer}. */
export interface CloudRecoveryServerOptions {
  /** The app's one allowed origin. */
  origin: string
  /** The app's `embeddedWallets` settings (its recovery options). */
  embeddedWallets: Record<string, unknown>
  /** The embedded wallets' server options beyond the share and recovery keys (random ones). */
  walletServer?: Omit<EmbeddedWalletsServerOptions, 'shareKeys' | 'recoveryKeys'>
}

/** A running server and its storages' stand-ins. */
export interface CloudRecoveryServer {
  t: TestInstance
  google: GoogleDriveStandIn
  cloudkit: CloudKitStandIn
  /** Stops the server and both stand-ins. */
  close(): Promise<void>
}

/**
 * Starts the stand-ins, then a server whose app stores recovery in Google Drive (client
 * `drive-client`) and iCloud (API token `ck-api-token`), with email login.
 * @param options - the app's origin and wallet settings.
 * @returns the server and stand-ins; `close()` them after the tests.
 * @example
 * ```ts
 * const { t, google, cloudkit, close } = await startCloudRecoveryServer({ origin: ORIGIN, embeddedWallets: { userOwnedRecoveryOptions: ['google-drive'] } })
 * ```
 */
export async function startCloudRecoveryServer(options: CloudRecoveryServerOptions): Promise<CloudRecoveryServer> {
  const google = await startGoogleDriveStandIn()
  const cloudkit = await startCloudKitStandIn()
  const t = await createTestInstance({
    plugins: [
      emailServer(),
      embeddedWalletsServer({ shareKeys: generateEncryptionKey(), recoveryKeys: generateEncryptionKey(), ...options.walletServer }),
      cloudRecoveryServer({ logFailure: () => {} }),
    ],
    app: {
      allowedOrigins: [options.origin],
      settings: {
        embeddedWallets: options.embeddedWallets,
        cloudRecovery: {
          googleDrive: { clientId: 'drive-client', clientSecret: 'drive-secret', authorizationUrl: google.authorizationUrl, tokenUrl: google.tokenUrl, apiUrl: google.url },
          icloud: { apiToken: 'ck-api-token', containerIdentifier: CLOUD_TEST_CONTAINER, environment: 'development', apiUrl: cloudkit.url },
        },
      },
    },
  })
  google.registerClient({ clientId: 'drive-client', clientSecret: 'drive-secret', redirectUris: [`${t.baseUrl}/api/v1/recovery/oauth/callback/${t.appId}`] })
  cloudkit.registerApiToken({ apiToken: 'ck-api-token', container: CLOUD_TEST_CONTAINER, callbackUrl: `${t.baseUrl}/api/v1/recovery/oauth/callback_icloud/${t.appId}` })
  return {
    t,
    google,
    cloudkit,
    async close() {
      await t.close()
      await google.close()
      await cloudkit.close()
    },
  }
}
