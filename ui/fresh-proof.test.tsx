// @vitest-environment jsdom
/**
 * Fresh proof in the update screens, against the real server (PGlite, SMTP sink, Twilio stand-in)
 * and its test clock: once the login is over 10 minutes old, changing the email or phone asks for
 * a code sent to the current address, then moves the identifier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { createPortico } from '../kernel/kernel'
import { createMemoryStorage } from '../kernel/storage'
import type { Kernel } from '../kernel/types'
import { withPorticoPlugin } from './provider'
import { askForFreshProof, askForRefusedCode, refusedCodes } from './fresh-proof'
import { LOGIN_ABORTED_CODE } from '../kernel/error-registry'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { FRESH_AUTH_MAX_AGE_MS } from '../server/services/sessions'
import { OTP_TTL_MS } from '../server/services/otp'
import { startTwilioStandIn, type TwilioStandIn } from '../test/fixtures/twilio'
import { emailServer } from '../plugins/email/server'
import { smsServer, TwilioSmsSender } from '../plugins/sms/server'
import { email, useLoginWithEmail, useUpdateEmail } from '../plugins/email'
import { sms, useLoginWithSms, useUpdatePhone } from '../plugins/sms'
import { ApiError } from '../kernel/errors'
import { destroyKernelsAfterEach, mainThreadDb, renderWithKernel } from '../test/support/jsdom-server'


let t: TestInstance
let twilio: TwilioStandIn
beforeAll(async () => {
  twilio = await startTwilioStandIn()
  t = await createTestInstance({
    db: await mainThreadDb(),
    plugins: [emailServer(), smsServer()],
    sms: new TwilioSmsSender({ accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', baseUrl: twilio.url }),
    app: { settings: { loginMethods: ['email_auth', 'sms_auth'] } },
  })
})
afterAll(async () => {
  await t?.close()
  await twilio?.close()
})

const track = destroyKernelsAfterEach()

let seq = 0
const freshEmail = (tag: string) => `${tag}-${Date.now()}-${++seq}@example.com`
/** A fresh US number: national digits and E.164. */
function freshNumber() {
  const national = `415${String(2_000_000 + ((Date.now() + ++seq * 7919) % 7_000_000)).padStart(7, '0')}`
  return { national, e164: `+1${national}` }
}

/** The code in the `n`th text (0-based) to `e164`, waiting for it. */
async function textedCode(e164: string, n: number): Promise<string> {
  let code: string | undefined
  await waitFor(() => {
    code = /\b(\d{6})\b/.exec(twilio.messagesTo(e164)[n]?.body ?? '')?.[1]
    expect(code).toBeTruthy()
  })
  return code!
}

/** A kernel with the email and SMS plugins and a host component using their hooks, inside the provider (modal included). */
async function host() {
  const kernel = track(
    createPortico({
      appId: t.appId,
      apiUrl: t.baseUrl,
      plugins: withPorticoPlugin([email(), sms()]),
      storage: createMemoryStorage(),
      autoRefresh: false,
    }),
  )
  await kernel.init()
  const { result } = renderWithKernel(kernel, () => ({
    emailLogin: useLoginWithEmail(),
    smsLogin: useLoginWithSms(),
    ...useUpdateEmail(),
    ...useUpdatePhone(),
  }))
  return { kernel, result }
}

type Host = Awaited<ReturnType<typeof host>>

async function signInByEmail({ result }: Host, address: string) {
  const before = t.smtp.messagesTo(address).length
  await act(() => result.current.emailLogin.sendCode({ email: address }))
  const code = await t.codeFor(address, { after: before })
  await act(() => result.current.emailLogin.loginWithCode({ code }))
}

async function signInBySms({ result }: Host, number: { national: string; e164: string }) {
  const before = twilio.messagesTo(number.e164).length
  await act(() => result.current.smsLogin.sendCode({ phoneNumber: number.national }))
  const code = await textedCode(number.e164, before)
  await act(() => result.current.smsLogin.loginWithCode({ code }))
}

async function enterCode(code: string) {
  const boxes = (await screen.findAllByRole('textbox', { name: /^Verification code/ })) as HTMLInputElement[]
  await act(async () => {
    boxes[0]!.focus()
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => code } })
  })
}

async function submitField(label: string, value: string) {
  const input = await screen.findByLabelText(label)
  await act(async () => {
    fireEvent.change(input, { target: { value } })
  })
  await act(async () => {
    fireEvent.submit(input.closest('form')!)
  })
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const emailsOf = (kernel: Kernel) =>
  kernel.state.session.user?.linked_accounts.filter((a) => a.type === 'email').map((a) => String(a.address))

describe('updating the email', () => {
  it('behavior: with a login over 10 minutes old, asks for a code sent to the current address, then moves the address', async () => {
    const h = await host()
    const old = freshEmail('proof-old')
    await signInByEmail(h, old)
    t.clock.advance(FRESH_AUTH_MAX_AGE_MS + 60_000)

    const next = freshEmail('proof-next')
    act(() => h.result.current.updateEmail())
    expect(await screen.findByRole('heading', { name: 'Update your email' })).toBeTruthy()
    await submitField('Email address', next)
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    const mailsToOld = t.smtp.messagesTo(old).length
    await enterCode(await t.codeFor(next))

    // The server wants fresh proof: a code goes to the current address and the modal asks for it.
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy()
    expect(screen.getByText(old)).toBeTruthy()
    expect(screen.getByText(/To change your email, please check/)).toBeTruthy()
    const currentCode = await t.codeFor(old, { after: mailsToOld })
    expect(emailsOf(h.kernel)).toEqual([old])

    // A wrong code is refused on this screen and moves nothing.
    await enterCode(wrongCodeFor(currentCode))
    expect(await screen.findByText('Invalid or expired verification code')).toBeTruthy()
    expect(h.kernel.state.modal.stack.at(-1)?.screen).toBe('email/current-code')

    await enterCode(currentCode)
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(h.kernel.state.modal.open).toBe(false))
    expect(emailsOf(h.kernel)).toEqual([next])
    const owner = await t.db.query<{ identity_key: string }>(
      "SELECT identity_key FROM linked_accounts WHERE app_id = $1 AND type = 'email' AND identity_key IN ($2, $3)",
      [t.appId, old, next],
    )
    expect(owner.map((r) => r.identity_key)).toEqual([next])
  })

  it('behavior: with a recent login, the code to the new address is enough (nothing is sent to the current one)', async () => {
    const h = await host()
    const old = freshEmail('recent-old')
    await signInByEmail(h, old)
    const mailsToOld = t.smtp.messagesTo(old).length

    const next = freshEmail('recent-next')
    act(() => h.result.current.updateEmail())
    await submitField('Email address', next)
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    await enterCode(await t.codeFor(next))
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(h.kernel.state.modal.open).toBe(false))
    expect(emailsOf(h.kernel)).toEqual([next])
    expect(t.smtp.messagesTo(old)).toHaveLength(mailsToOld)
  })
})

/**
 * Starts an email change that needs fresh proof and brings the user to the current-address screen
 * with the new address's code about to expire: it was sent 9 minutes before the current one.
 * @returns the addresses and the code to the current address.
 */
async function reachCurrentCodeWithAgingNewCode(h: Host, tag: string) {
  const old = freshEmail(`${tag}-old`)
  await signInByEmail(h, old)
  t.clock.advance(FRESH_AUTH_MAX_AGE_MS + 60_000)
  const next = freshEmail(`${tag}-next`)
  act(() => h.result.current.updateEmail())
  await submitField('Email address', next)
  expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
  const newCode = await t.codeFor(next)
  // The user lingers before typing the code to the new address.
  t.clock.advance(OTP_TTL_MS - 60_000)
  const mailsToOld = t.smtp.messagesTo(old).length
  await enterCode(newCode)
  expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy()
  return { old, next, newCode, currentCode: await t.codeFor(old, { after: mailsToOld }) }
}

describe('updating the email when one of the two codes is refused', () => {
  it('behavior: the new address code expired meanwhile: keeps the current code and asks only for a fresh code to the new address', async () => {
    const h = await host()
    const { old, next, newCode, currentCode } = await reachCurrentCodeWithAgingNewCode(h, 'keep')
    // Two minutes later the new address's code has expired; the current one is good for 8 more.
    t.clock.advance(120_000)
    const mailsToOld = t.smtp.messagesTo(old).length
    const mailsToNext = t.smtp.messagesTo(next).length
    await enterCode(currentCode)

    // Back on the new address's code screen, with a fresh code sent there and none to the current address.
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(screen.getByText(next)).toBeTruthy()
    expect(h.kernel.state.modal.stack.at(-1)).toMatchObject({ screen: 'email/code', params: { email: next, oldAddress: old, currentCode } })
    const fresh = await t.codeFor(next, { after: mailsToNext })
    expect(fresh).not.toBe(newCode)
    expect(t.smtp.messagesTo(old)).toHaveLength(mailsToOld)
    expect(emailsOf(h.kernel)).toEqual([old])

    // The fresh code with the kept current code moves the address.
    await enterCode(fresh)
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(h.kernel.state.modal.open).toBe(false))
    expect(emailsOf(h.kernel)).toEqual([next])
    expect(t.smtp.messagesTo(old)).toHaveLength(mailsToOld)
  })

  it('behavior: a wrong code to the new address beside the kept current code is shown on that screen, and a retyped one moves the address', async () => {
    const h = await host()
    const { next, currentCode } = await reachCurrentCodeWithAgingNewCode(h, 'retype')
    t.clock.advance(120_000)
    const mailsToNext = t.smtp.messagesTo(next).length
    await enterCode(currentCode)
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    const fresh = await t.codeFor(next, { after: mailsToNext })
    await enterCode(wrongCodeFor(fresh))
    expect(await screen.findByText('Invalid or expired verification code')).toBeTruthy()
    expect(h.kernel.state.modal.stack.at(-1)?.screen).toBe('email/code')
    await enterCode(fresh)
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(emailsOf(h.kernel)).toEqual([next]))
  })

  it('behavior: when the kept current code no longer holds, asks for the current address again and keeps the new code', async () => {
    const h = await host()
    const { old, next, currentCode } = await reachCurrentCodeWithAgingNewCode(h, 'replaced')
    t.clock.advance(120_000)
    const mailsToNext = t.smtp.messagesTo(next).length
    await enterCode(currentCode)
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    const fresh = await t.codeFor(next, { after: mailsToNext })
    // Meanwhile another code went to the current address (another tab), so the kept one is no longer valid.
    const init = await t.request('/api/v1/passwordless/init', { body: { email: old } })
    expect(init.status).toBe(200)
    const mailsToOld = t.smtp.messagesTo(old).length
    const mailsToNextBefore = t.smtp.messagesTo(next).length

    await enterCode(fresh)
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy()
    expect(h.kernel.state.modal.stack.at(-1)).toMatchObject({ screen: 'email/current-code', params: { email: old, newAddress: next, code: fresh } })
    const again = await t.codeFor(old, { after: mailsToOld })
    // Nothing new went to the new address: its code was right and is kept.
    expect(t.smtp.messagesTo(next)).toHaveLength(mailsToNextBefore)
    await enterCode(again)
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(emailsOf(h.kernel)).toEqual([next]))
  })
})

describe('updating the phone number', () => {
  it('behavior: the new number code expired meanwhile: keeps the code texted to the current number and asks only for a fresh code to the new one', async () => {
    const h = await host()
    const old = freshNumber()
    await signInBySms(h, old)
    t.clock.advance(FRESH_AUTH_MAX_AGE_MS + 60_000)
    const next = freshNumber()
    act(() => h.result.current.updatePhone())
    await submitField('Phone number', next.national)
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    const newCode = await textedCode(next.e164, 0)
    t.clock.advance(OTP_TTL_MS - 60_000)
    const textsToOld = twilio.messagesTo(old.e164).length
    await enterCode(newCode)
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy()
    const currentCode = await textedCode(old.e164, textsToOld)
    t.clock.advance(120_000)

    await enterCode(currentCode)
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    // The number being replaced travels in its display form, '+{callingCode} {number}'.
    expect(h.kernel.state.modal.stack.at(-1)).toMatchObject({ screen: 'sms/code', params: { oldPhoneNumber: `+1 ${old.e164.slice(2)}`, currentCode } })
    const fresh = await textedCode(next.e164, 1)
    expect(twilio.messagesTo(old.e164)).toHaveLength(textsToOld + 1)
    await enterCode(fresh)
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(h.kernel.state.modal.open).toBe(false))
    const phones = h.kernel.state.session.user?.linked_accounts.filter((a) => a.type === 'phone')
    expect(phones?.map((a) => String(a.phoneNumber).replace(/\D/g, ''))).toEqual([next.e164.slice(1)])
  })


  it('behavior: with a login over 10 minutes old, asks for a code texted to the current number, then moves the number', async () => {
    const h = await host()
    const old = freshNumber()
    await signInBySms(h, old)
    t.clock.advance(FRESH_AUTH_MAX_AGE_MS + 60_000)

    const next = freshNumber()
    act(() => h.result.current.updatePhone())
    expect(await screen.findByRole('heading', { name: 'Update your phone number' })).toBeTruthy()
    await submitField('Phone number', next.national)
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    const textsToOld = twilio.messagesTo(old.e164).length
    await enterCode(await textedCode(next.e164, 0))

    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy()
    expect(screen.getByText(/To change your phone number, please check/)).toBeTruthy()
    await enterCode(await textedCode(old.e164, textsToOld))
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(h.kernel.state.modal.open).toBe(false))
    const phones = h.kernel.state.session.user?.linked_accounts.filter((a) => a.type === 'phone')
    expect(phones?.map((a) => String(a.phoneNumber).replace(/\D/g, ''))).toEqual([next.e164.slice(1)])
  })
})

describe('askForRefusedCode', () => {
  it('behavior: moves on only when the other code alone was refused; otherwise the error stays on this screen', async () => {
    const { kernel } = await host()
    const ctx = kernel.contextFor('email')
    let sent = 0
    const step = { field: 'code' as const, sendCode: async () => void sent++, screen: 'email/code', params: { email: 'ada@new.example', currentCode: '123456' } }
    const refused = (fields?: unknown) =>
      new ApiError(401, { error: 'Invalid or expired verification code.', code: 'invalid_credentials', ...(fields ? { data: { refused: fields } } : {}) })
    for (const err of [refused(), refused(['current_code']), refused(['current_code', 'code']), refused('code'), new ApiError(429, { error: 'x', code: 'too_many_requests' })]) {
      await expect(askForRefusedCode(ctx, err, step)).rejects.toBe(err)
    }
    expect(sent).toBe(0)
    expect(refusedCodes(refused(['code']))).toEqual(['code'])
    expect(refusedCodes(refused([1]))).toBeUndefined()
    await act(async () => kernel.openModal('email/current-code', { email: 'ada@example.com' }))
    await act(() => expect(askForRefusedCode(ctx, refused(['code']), step)).rejects.toMatchObject({ code: LOGIN_ABORTED_CODE }))
    expect(sent).toBe(1)
    // In place of the screen that was left.
    expect(kernel.state.modal.stack).toEqual([expect.objectContaining({ screen: 'email/code', params: step.params })])
  })
})

describe('askForFreshProof', () => {
  it('behavior: without a current address, asks the user to log in again and sends nothing', async () => {
    const { kernel } = await host()
    const ctx = kernel.contextFor('email')
    let sent = 0
    const refused = new ApiError(403, { error: 'This action needs a recent sign-in.', code: 'reauthentication_required' })
    const answer = askForFreshProof(ctx, refused, {
      current: undefined,
      sendCode: async () => void sent++,
      screen: 'email/current-code',
      params: {},
    })
    await expect(answer).rejects.toMatchObject({
      code: 'reauthentication_required',
      shortMessage: 'For your security, please log in again to make this change.',
    })
    expect(sent).toBe(0)
    expect(kernel.state.modal.stack).toEqual([])
  })

  it('behavior: any other error passes through untouched; reauthentication_required moves on to the code screen', async () => {
    const { kernel } = await host()
    const ctx = kernel.contextFor('email')
    const other = new ApiError(401, { error: 'Invalid code', code: 'invalid_credentials' })
    const step = { current: 'ada@example.com', sendCode: async () => {}, screen: 'email/current-code', params: { email: 'ada@example.com' } }
    await expect(askForFreshProof(ctx, other, step)).rejects.toBe(other)
    await act(async () => kernel.openModal('email/code', { email: 'ada@new.example' }))
    const refused = new ApiError(403, { error: 'x', code: 'reauthentication_required' })
    await expect(askForFreshProof(ctx, refused, step)).rejects.toMatchObject({ code: LOGIN_ABORTED_CODE })
    expect(kernel.state.modal.stack.at(-1)).toMatchObject({ screen: 'email/current-code', params: { email: 'ada@example.com' } })
  })
})
