/**
 * The two cloud storages a recovery share's key may live in, spoken over `fetch` exactly as their
 * public HTTP APIs document (Drive v3 files, CloudKit web services). The wallet frame uses them in
 * production and the tests use them against local stand-ins: only the base URL differs.
 * @module
 */

/** Google's Drive API base. */
export const GOOGLE_DRIVE_API_URL = 'https://www.googleapis.com'
/** Apple's CloudKit web services base. */
export const CLOUDKIT_API_URL = 'https://api.apple-cloudkit.com'
/** The record type holding a recovery key in the user's private CloudKit database. */
export const ICLOUD_RECORD_TYPE = 'PorticoRecoverySecret'

/**
 * A storage call that failed. `retryable` is true for failures a retry may fix (network, 5xx, 429);
 * `unauthorized` when the token was refused (sign in to the storage again).
 */
export class CloudStorageError extends Error {
  override name = 'CloudStorageError'
  /**
   * @param message - what failed.
   * @param status - the HTTP status, 0 for a network failure.
   */
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
  /** A retry may succeed. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500
  }
  /** The storage refused the token. */
  get unauthorized(): boolean {
    return this.status === 401 || this.status === 421
  }
}

/** Where a storage lives and how to reach it. */
export interface StorageTransport {
  /** The API's base URL (no trailing slash). */
  apiUrl: string
  /** @defaultValue globalThis.fetch */
  fetch?: typeof fetch
}

async function call(t: StorageTransport, url: string, init: RequestInit, what: string): Promise<Response> {
  let res: Response
  try {
    res = await (t.fetch ?? globalThis.fetch)(url, init)
  } catch (error) {
    throw new CloudStorageError(`${what}: ${error instanceof Error ? error.message : String(error)}`, 0)
  }
  if (!res.ok) {
    const body = await res.text().catch(() => '')
    throw new CloudStorageError(`${what} answered ${res.status}: ${body.slice(0, 200)}`, res.status)
  }
  return res
}

/**
 * Writes a small text file into the user's Drive app-data folder (Drive v3 `files.create`, multipart upload).
 * @param t - the Drive API base.
 * @param input - the user's access token (`drive.appdata` scope), the file's name and its text.
 * @returns the new file's id.
 * @example
 * ```ts
 * const fileId = await saveToDrive({ apiUrl: GOOGLE_DRIVE_API_URL }, { accessToken, name: 'recovery.txt', content: 'secret' })
 * ```
 */
export async function saveToDrive(t: StorageTransport, input: { accessToken: string; name: string; content: string }): Promise<string> {
  const boundary = `portico-${crypto.randomUUID()}`
  const metadata = JSON.stringify({ name: input.name, mimeType: 'text/plain', parents: ['appDataFolder'] })
  const body =
    `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n` +
    `--${boundary}\r\nContent-Type: text/plain\r\n\r\n${input.content}\r\n--${boundary}--`
  const res = await call(
    t,
    `${t.apiUrl}/upload/drive/v3/files?uploadType=multipart&fields=id`,
    { method: 'POST', headers: { authorization: `Bearer ${input.accessToken}`, 'content-type': `multipart/related; boundary=${boundary}` }, body },
    'Google Drive upload',
  )
  const file = (await res.json()) as { id?: unknown }
  if (typeof file.id !== 'string' || !file.id) throw new CloudStorageError('Google Drive upload answered no file id', 502)
  return file.id
}

/**
 * Reads a text file of the user's Drive (`files.get` with `alt=media`).
 * @param t - the Drive API base.
 * @param input - the user's access token and the file id.
 * @returns the file's text.
 * @example
 * ```ts
 * const content = await readFromDrive({ apiUrl: GOOGLE_DRIVE_API_URL }, { accessToken, fileId })
 * ```
 */
export async function readFromDrive(t: StorageTransport, input: { accessToken: string; fileId: string }): Promise<string> {
  const res = await call(
    t,
    `${t.apiUrl}/drive/v3/files/${encodeURIComponent(input.fileId)}?alt=media`,
    { headers: { authorization: `Bearer ${input.accessToken}` } },
    'Google Drive download',
  )
  return res.text()
}

/** A CloudKit container and the signed-in user's web auth token. */
export interface CloudKitAccess {
  apiToken: string
  containerIdentifier: string
  environment: 'development' | 'production'
  webAuthToken: string
}

const privateDbUrl = (t: StorageTransport, a: CloudKitAccess, operation: string) =>
  `${t.apiUrl}/database/1/${encodeURIComponent(a.containerIdentifier)}/${a.environment}/private/${operation}?` +
  new URLSearchParams({ ckAPIToken: a.apiToken, ckWebAuthToken: a.webAuthToken }).toString()

interface CloudKitRecordAnswer {
  recordName?: string
  fields?: Record<string, { value?: unknown }>
  serverErrorCode?: string
  reason?: string
}

/** CloudKit answers some per-record failures with 200: the record carries `serverErrorCode`. */
function checkRecord(r: CloudKitRecordAnswer | undefined, what: string): CloudKitRecordAnswer {
  if (!r) throw new CloudStorageError(`${what} answered no record`, 502)
  if (r.serverErrorCode) {
    const status = r.serverErrorCode === 'NOT_FOUND' ? 404 : r.serverErrorCode === 'AUTHENTICATION_REQUIRED' ? 421 : 400
    throw new CloudStorageError(`${what}: ${r.serverErrorCode} ${r.reason ?? ''}`.trim(), status)
  }
  return r
}

/**
 * Writes a text value as a new record of the user's private CloudKit database (`records/modify`, `create`).
 * @param t - the CloudKit web services base.
 * @param access - the container and the user's web auth token.
 * @param value - the text.
 * @returns the new record's name.
 * @example
 * ```ts
 * const recordName = await saveToICloud({ apiUrl: CLOUDKIT_API_URL }, access, 'secret')
 * ```
 */
export async function saveToICloud(t: StorageTransport, access: CloudKitAccess, value: string): Promise<string> {
  const res = await call(
    t,
    privateDbUrl(t, access, 'records/modify'),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operations: [{ operationType: 'create', record: { recordType: ICLOUD_RECORD_TYPE, fields: { secret: { value } } } }] }),
    },
    'iCloud save',
  )
  const { records } = (await res.json()) as { records?: CloudKitRecordAnswer[] }
  const record = checkRecord(records?.[0], 'iCloud save')
  if (typeof record.recordName !== 'string') throw new CloudStorageError('iCloud save answered no record name', 502)
  return record.recordName
}

/**
 * Reads the text value of a record of the user's private CloudKit database (`records/lookup`).
 * @param t - the CloudKit web services base.
 * @param access - the container and the user's web auth token.
 * @param recordName - the record.
 * @returns the text.
 * @example
 * ```ts
 * const value = await readFromICloud({ apiUrl: CLOUDKIT_API_URL }, access, recordName)
 * ```
 */
export async function readFromICloud(t: StorageTransport, access: CloudKitAccess, recordName: string): Promise<string> {
  const res = await call(
    t,
    privateDbUrl(t, access, 'records/lookup'),
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ records: [{ recordName }] }) },
    'iCloud lookup',
  )
  const { records } = (await res.json()) as { records?: CloudKitRecordAnswer[] }
  const value = checkRecord(records?.[0], 'iCloud lookup').fields?.secret?.value
  if (typeof value !== 'string') throw new CloudStorageError('iCloud lookup: the record holds no secret', 404)
  return value
}
