/**
 * Following a MoonPay purchase: the transactions API read by the external transaction id, the
 * mapping of MoonPay's transaction to the spec's statuses, and the polling (a follow-up after 8 s,
 * then every 3000 ms, until a final status or 3 consecutive failed reads).
 * @module
 */

/** MoonPay's transactions API. */
export const MOONPAY_API_URL = 'https://api.moonpay.com'

/** The first status read waits this long after the widget opens (spec §9: follow-up after 8 s). */
export const MOONPAY_FOLLOW_UP_MS = 8000
/** Then the status is read this often (spec §9). */
export const MOONPAY_POLL_MS = 3000
/** This many consecutive failed reads (other than 404: not created yet) end the follow-up (spec §9). */
export const MOONPAY_MAX_READ_ERRORS = 3

/** The spec's MoonPay statuses (§4). */
export type MoonpayStatus = 'pending' | 'completed' | 'failed' | 'awaitingAuthorization' | 'serviceFailure'

/** The fields of a MoonPay transaction the plugin reads (spec §3). */
export interface MoonpayTransaction {
  status: string
  paymentMethod?: string | null
  cardPaymentType?: string | null
  currency?: { code?: string } | null
  baseCurrencyAmount?: number | null
  quoteCurrencyAmount?: number | null
  feeAmount?: number | null
  extraFeeAmount?: number | null
  networkFeeAmount?: number | null
  id?: string
}

/** Statuses after which the status is not read again (spec §4). */
export const MOONPAY_FINAL_STATUSES: ReadonlySet<MoonpayStatus> = new Set(['completed', 'failed', 'awaitingAuthorization', 'serviceFailure'])

/**
 * The spec's status of a MoonPay transaction: `waitingAuthorization` paid by credit or debit card
 * is still pending (the card's 3-D Secure step); paid otherwise it awaits the user's authorization.
 * @param tx - the transaction, or null when MoonPay has none yet (404).
 * @returns the status.
 * @example
 * ```ts
 * moonpayStatusOf({ status: 'waitingAuthorization', paymentMethod: 'credit_debit_card' }) // 'pending'
 * ```
 */
export function moonpayStatusOf(tx: MoonpayTransaction | null): MoonpayStatus {
  switch (tx?.status) {
    case 'completed':
      return 'completed'
    case 'failed':
      return 'failed'
    case 'waitingAuthorization':
      return tx.paymentMethod === 'credit_debit_card' ? 'pending' : 'awaitingAuthorization'
    default:
      return 'pending'
  }
}

/**
 * Reads a purchase from MoonPay's transactions API (`GET {apiUrl}/v1/transactions/ext/{id}?apiKey=`),
 * which answers a list whose first item is the purchase.
 * @param apiUrl - the API's base URL.
 * @param apiKey - the app's publishable key.
 * @param externalTransactionId - the id the signed URL carried.
 * @param fetchImpl - the fetch to use.
 * @returns the transaction, or null on 404 (MoonPay has not created it yet).
 * @throws Error on any other answer.
 * @example
 * ```ts
 * const tx = await readMoonpayTransaction(MOONPAY_API_URL, 'pk_live_…', id, fetch)
 * ```
 */
export async function readMoonpayTransaction(apiUrl: string, apiKey: string, externalTransactionId: string, fetchImpl: typeof fetch): Promise<MoonpayTransaction | null> {
  const url = `${apiUrl.replace(/\/+$/, '')}/v1/transactions/ext/${encodeURIComponent(externalTransactionId)}?apiKey=${encodeURIComponent(apiKey)}`
  const res = await fetchImpl(url, { headers: { accept: 'application/json' } })
  if (res.status === 404) return null
  if (!res.ok) throw new Error(`MoonPay answered ${res.status}`)
  const list = (await res.json()) as unknown
  const first = Array.isArray(list) ? (list[0] as MoonpayTransaction | undefined) : undefined
  return first && typeof first.status === 'string' ? first : null
}

/** Options of {@link followMoonpayPurchase}. */
export interface FollowMoonpayOptions {
  /** Reads the transaction: null while MoonPay has none; throws when the read fails. */
  read: () => Promise<MoonpayTransaction | null>
  /** Waits (the kernel's `sleep`, so tests control time). */
  sleep: (ms: number) => Promise<void>
  /** Told every status read, the last one final. */
  onStatus?: (status: MoonpayStatus, tx: MoonpayTransaction | null) => void
  /** Ends the follow-up early (the screen went away); the promise then resolves with null. */
  signal?: AbortSignal
}

/**
 * Follows a purchase until a final status: the first read after {@link MOONPAY_FOLLOW_UP_MS}, then
 * one every {@link MOONPAY_POLL_MS}; {@link MOONPAY_MAX_READ_ERRORS} failed reads in a row (a 404
 * is no failure, and resets the count as any answer does) end it as `serviceFailure`.
 * @param options - how to read and wait.
 * @returns the final status and transaction, or null when aborted.
 * @example
 * ```ts
 * const end = await followMoonpayPurchase({ read: () => readMoonpayTransaction(url, key, id, fetch), sleep: ctx.sleep })
 * ```
 */
export async function followMoonpayPurchase(options: FollowMoonpayOptions): Promise<{ status: MoonpayStatus; tx: MoonpayTransaction | null } | null> {
  const { read, sleep, onStatus, signal } = options
  let failures = 0
  await sleep(MOONPAY_FOLLOW_UP_MS)
  while (!signal?.aborted) {
    let status: MoonpayStatus
    let tx: MoonpayTransaction | null = null
    try {
      tx = await read()
      failures = 0
      status = moonpayStatusOf(tx)
    } catch {
      failures += 1
      status = failures >= MOONPAY_MAX_READ_ERRORS ? 'serviceFailure' : 'pending'
    }
    if (signal?.aborted) return null
    onStatus?.(status, tx)
    if (MOONPAY_FINAL_STATUSES.has(status)) return { status, tx }
    await sleep(MOONPAY_POLL_MS)
  }
  return null
}
