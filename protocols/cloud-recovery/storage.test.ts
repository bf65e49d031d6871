/**
 * The storage adapters against the local stand-ins of Google (OAuth + Drive files) and CloudKit web
 * services: the same calls the wallet frame makes, only the base URL differs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash, randomBytes } from 'node:crypto'
import { DRIVE_APPDATA_SCOPE, startGoogleDriveStandIn, type GoogleDriveStandIn } from '../../test/fixtures/google-drive'
import { startCloudKitStandIn, type CloudKitStandIn } from '../../test/fixtures/cloudkit'
import { CloudStorageError, readFromDrive, readFromICloud, saveToDrive, saveToICloud, type CloudKitAccess } from './storage'

const REDIRECT = 'http://127.0.0.1:9/callback'
let google: GoogleDriveStandIn
let cloudkit: CloudKitStandIn

beforeAll(async () => {
  google = await startGoogleDriveStandIn()
  cloudkit = await startCloudKitStandIn()
  google.registerClient({ clientId: 'client', clientSecret: 'secret', redirectUris: [REDIRECT] })
  cloudkit.registerApiToken({ apiToken: 'ck-token', container: 'iCloud.test.portico', callbackUrl: REDIRECT })
})
afterAll(async () => {
  await google.close()
  await cloudkit.close()
})

/** Google's authorization code flow with PKCE, as the server's callback runs it. */
async function driveToken(account: string, scope = DRIVE_APPDATA_SCOPE): Promise<string> {
  google.signInAs(account)
  const verifier = randomBytes(32).toString('base64url')
  const q = new URLSearchParams({
    client_id: 'client',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope,
    state: 's',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })
  const back = await fetch(`${google.authorizationUrl}?${q}`, { redirect: 'manual' })
  const code = new URL(back.headers.get('location')!).searchParams.get('code')!
  const res = await fetch(google.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: 'client', client_secret: 'secret', redirect_uri: REDIRECT, code_verifier: verifier }),
  })
  return ((await res.json()) as { access_token: string }).access_token
}

/** CloudKit's sign-in: the redirect URL of a 421, then the token on the callback. */
async function webAuthToken(appleId: string): Promise<string> {
  cloudkit.signInAs(appleId)
  const caller = await fetch(`${cloudkit.url}/database/1/iCloud.test.portico/development/private/users/caller?ckAPIToken=ck-token`)
  expect(caller.status).toBe(421)
  const { redirectURL } = (await caller.json()) as { redirectURL: string }
  const back = await fetch(redirectURL, { redirect: 'manual' })
  return new URL(back.headers.get('location')!).searchParams.get('ckWebAuthToken')!
}

describe('Google Drive adapter', () => {
  const drive = () => ({ apiUrl: google.url })

  it('writes a file into the app-data folder and reads it back with the same account', async () => {
    const accessToken = await driveToken('alice@gmail.test')
    const fileId = await saveToDrive(drive(), { accessToken, name: 'portico-recovery.txt', content: 'the key' })
    expect(google.filesOf('alice@gmail.test')).toMatchObject([{ id: fileId, parents: ['appDataFolder'], content: 'the key' }])
    const again = await driveToken('alice@gmail.test')
    expect(await readFromDrive(drive(), { accessToken: again, fileId })).toBe('the key')
  })

  it("does not read another Google account's file", async () => {
    const fileId = await saveToDrive(drive(), { accessToken: await driveToken('carol@gmail.test'), name: 'x', content: 'carol' })
    const error = await readFromDrive(drive(), { accessToken: await driveToken('mallory@gmail.test'), fileId }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CloudStorageError)
    expect((error as CloudStorageError).status).toBe(404)
  })

  it('reports a refused token as unauthorized and a backend failure as retryable', async () => {
    const refused = await saveToDrive(drive(), { accessToken: 'ya29.forged', name: 'x', content: 'y' }).catch((e: unknown) => e)
    expect((refused as CloudStorageError).unauthorized).toBe(true)
    const accessToken = await driveToken('dave@gmail.test')
    google.failDriveNext()
    const failed = await saveToDrive(drive(), { accessToken, name: 'x', content: 'y' }).catch((e: unknown) => e)
    expect((failed as CloudStorageError).retryable).toBe(true)
    await expect(saveToDrive(drive(), { accessToken, name: 'x', content: 'y' })).resolves.toMatch(/\S/)
  })

  it('needs the app-data scope to write there', async () => {
    const accessToken = await driveToken('erin@gmail.test', 'openid')
    const error = await saveToDrive(drive(), { accessToken, name: 'x', content: 'y' }).catch((e: unknown) => e)
    expect((error as CloudStorageError).status).toBe(403)
  })
})

describe('CloudKit adapter', () => {
  const ck = () => ({ apiUrl: cloudkit.url })
  const access = (token: string): CloudKitAccess => ({ apiToken: 'ck-token', containerIdentifier: 'iCloud.test.portico', environment: 'development', webAuthToken: token })

  it('creates a record in the private database and looks it up with a later sign-in', async () => {
    const recordName = await saveToICloud(ck(), access(await webAuthToken('alice@icloud.test')), 'the key')
    expect(cloudkit.recordsOf('alice@icloud.test')).toMatchObject([{ recordName, recordType: 'PorticoRecoverySecret', fields: { secret: { value: 'the key' } } }])
    expect(await readFromICloud(ck(), access(await webAuthToken('alice@icloud.test')), recordName)).toBe('the key')
  })

  it("finds no record in another Apple ID's private database", async () => {
    const recordName = await saveToICloud(ck(), access(await webAuthToken('carol@icloud.test')), 'carol')
    const error = await readFromICloud(ck(), access(await webAuthToken('mallory@icloud.test')), recordName).catch((e: unknown) => e)
    expect((error as CloudStorageError).status).toBe(404)
  })

  it('asks for a sign-in again without a valid web auth token, and retries a service failure', async () => {
    const refused = await saveToICloud(ck(), access('forged'), 'x').catch((e: unknown) => e)
    expect((refused as CloudStorageError).unauthorized).toBe(true)
    const token = await webAuthToken('dave@icloud.test')
    cloudkit.failRecordsNext()
    const failed = await saveToICloud(ck(), access(token), 'x').catch((e: unknown) => e)
    expect((failed as CloudStorageError).retryable).toBe(true)
    await expect(saveToICloud(ck(), access(token), 'x')).resolves.toMatch(/\S/)
  })
})
