/**
 * Playwright helpers that drive Portico's own screens in a host app's page: sign in with email (a
 * test identity's fixed code, or the code the development inbox received), type a code, and approve
 * or decline what the embedded wallet asks to sign. They find the modal by its dialog role and its
 * controls by their accessible names (the English texts), as a user would.
 * @module
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

/**
 * The Portico modal of a page (its dialog), to look into with Playwright's locators.
 * @param page - the host app's page.
 * @returns the dialog's locator.
 * @example
 * ```ts
 * import { porticoDialog } from 'portico/testing'
 * await expect(porticoDialog(page).getByRole('heading', { name: 'Log in or sign up' })).toBeVisible()
 * ```
 */
export function porticoDialog(page: Page): Locator {
  return page.getByRole('dialog')
}

/** Where {@link readCode} finds the development inbox. */
export interface InboxOptions {
  /** The Portico API's base URL (the `apiUrl` the page's provider uses). */
  apiUrl: string
  /** The email address or E.164 phone number the code was sent to. */
  to: string
}

/**
 * Reads the newest six-digit code sent to an address from the development inbox
 * (`GET {apiUrl}/dev/messages?to=…`, which a server in development mode answers, never a production
 * one), waiting until one arrives.
 * @param request - a Playwright request context (`page.request` or the `request` fixture).
 * @param options - the API URL and the address.
 * @returns the code.
 * @example
 * ```ts
 * import { readCode } from 'portico/testing'
 * const code = await readCode(page.request, { apiUrl: 'http://127.0.0.1:8787', to: 'ada@example.com' })
 * ```
 */
export async function readCode(request: APIRequestContext, options: InboxOptions): Promise<string> {
  const url = `${options.apiUrl.replace(/\/$/, '')}/dev/messages?to=${encodeURIComponent(options.to)}`
  let code: string | undefined
  await expect
    .poll(
      async () => {
        // A kept-alive connection the server closed while idle answers ECONNRESET once: ask again.
        const res = await request.get(url).catch(() => null)
        if (!res?.ok()) return undefined
        const messages = (await res.json()) as { text: string }[]
        code = messages[0]?.text.match(/\b(\d{6})\b/)?.[1]
        return code
      },
      { message: `a code sent to ${options.to} in the development inbox` },
    )
    .toBeTruthy()
  return code!
}

/**
 * Types a six-digit code into the open code screen's boxes.
 * @param page - the host app's page, its modal on a code screen.
 * @param code - the code.
 * @returns once typed.
 * @example
 * ```ts
 * import { enterCode } from 'portico/testing'
 * await enterCode(page, '123456')
 * ```
 */
export async function enterCode(page: Page, code: string): Promise<void> {
  await porticoDialog(page).locator('input[inputmode="numeric"]').first().click()
  await page.keyboard.type(code, { delay: 20 })
}

/** How {@link signInWithEmail} gets the code. */
export type EmailSignIn =
  | {
      /** The email address. */
      email: string
      /** A test identity's fixed code (the app's `test_identities`): no inbox is read. */
      code: string
    }
  | {
      /** The email address. */
      email: string
      /** The Portico API's base URL, to read the code from its development inbox. */
      apiUrl: string
    }

/**
 * Signs in with email through the open modal: types the address, submits it, types the code (given
 * for a test identity, else read from the development inbox) and waits for the modal to close.
 * Open the modal first with the host's own control.
 * @param page - the host app's page, its modal on 'Log in or sign up'.
 * @param signIn - the address, and the code or the API URL to read it from.
 * @returns once the modal has closed.
 * @example
 * ```ts
 * import { signInWithEmail } from 'portico/testing'
 * await page.getByRole('button', { name: 'Log in' }).click()
 * await signInWithEmail(page, { email: 'test-1234@example.com', code: '424242' })
 * ```
 */
export async function signInWithEmail(page: Page, signIn: EmailSignIn): Promise<void> {
  const dialog = porticoDialog(page)
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(signIn.email)
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
  const code = 'code' in signIn ? signIn.code : await readCode(page.request, { apiUrl: signIn.apiUrl, to: signIn.email })
  await enterCode(page, code)
  await expect(dialog).toBeHidden()
}

/**
 * Approves what Portico's screen asks the user to confirm: a signature ('Sign and continue'), a
 * transaction ('Approve'), or a button the host renamed (`uiOptions.buttonText`).
 * @param page - the host app's page, its modal on a confirmation screen.
 * @param options - `button`: the button's name when the host renamed it.
 * @returns once clicked.
 * @example
 * ```ts
 * import { approveInPortico } from 'portico/testing'
 * await page.getByRole('button', { name: 'Sign message' }).click()
 * await approveInPortico(page)
 * ```
 */
export async function approveInPortico(page: Page, options: { button?: string } = {}): Promise<void> {
  const name = options.button ?? /^(Sign and continue|Approve)$/
  await porticoDialog(page).getByRole('button', { name, exact: typeof name === 'string' }).click()
}

/**
 * Declines what Portico's screen asks the user to confirm (its Cancel button); the host's call
 * rejects with the user-rejection error.
 * @param page - the host app's page, its modal on a confirmation screen.
 * @returns once clicked.
 * @example
 * ```ts
 * import { rejectInPortico } from 'portico/testing'
 * await rejectInPortico(page)
 * ```
 */
export async function rejectInPortico(page: Page): Promise<void> {
  await porticoDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click()
}
