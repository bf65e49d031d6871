/**
 * `portico/protocols/cloud-recovery`: what the wallet frame and the server share for recovery keys kept
 * in the user's own cloud storage (Google Drive's app-data folder, iCloud's private CloudKit database):
 * the recovery OAuth routes and the two storages' HTTP adapters.
 * @module
 */
export { recoveryOAuthRoutes } from './routes'
export {
  CLOUDKIT_API_URL,
  CloudStorageError,
  GOOGLE_DRIVE_API_URL,
  ICLOUD_RECORD_TYPE,
  readFromDrive,
  readFromICloud,
  saveToDrive,
  saveToICloud,
  type CloudKitAccess,
  type StorageTransport,
} from './storage'
