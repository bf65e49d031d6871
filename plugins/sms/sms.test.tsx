// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { authenticated, renderScreen, startHarness, wireUser, type Harness, type Routes } from '../../test/support/ui-harness'
import { SMS_ERRORS } from './errors'
import { smsMessages } from './messages/en'
import type { AuthenticatedUser } from '../../kernel/wire'
import { sms } from '.'

let h: Harness | null = null
afterEach(async () => {
  vi.useRealTimers()
  cleanup()
  await h?.close()
  h = null
})

const INIT = '/api/v1/passwordless_sms/init'
const AUTH = '/api/v1/passwordless_sms/authenticate'
const LINK = '/api/v1/passwordless_sms/link'
const ok: Routes = { [`POST ${INIT}`]: () => ({ json: { success: true } }) }
const smsApp = { sms_auth: true, email_auth: false }

function start(options: Parameters<typeof startHarness>[0] = {}) {
  return startHarness({ plugins: [sms()], app: smsApp, ...options })
}

async function typeNumber(value: string) {
  const input = (await screen.findByLabelText('Phone number')) as HTMLInputElement
  await act(async () => {
    fireEvent.change(input, { target: { value } })
  })
  return input
}

async function submit() {
  const input = await screen.findByLabelText('Phone number')
  await act(async () => {
    fireEvent.submit(input.closest('form')!)
  })
}

const countrySelect = () => screen.getByLabelText('Country') as HTMLSelectElement

async function enterCode(code: string) {
  const boxes = (await screen.findAllByRole('textbox')) as HTMLInputElement[]
  await act(async () => {
    boxes[0]!.focus()
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => code } })
  })
  return boxes
}

function failWith(path: string, status: number, code: string, error = 'failed'): Routes {
  return { [`POST ${path}`]: () => ({ status, json: { error, code } }) }
}

describe('plugin definition', () => {
  it('default: one web2 login method enabled by sms_auth, screens entry, code and update, inline by default', () => {
    const p = sms()
    expect(p.id).toBe('sms')
    expect(Object.keys(p.screens!)).toEqual(['entry', 'code', 'update', 'current-code'])
    expect(p.loginMethods).toMatchObject([{ id: 'sms', group: 'web2', enabledBy: 'sms_auth', screen: 'sms/entry', label: 'SMS_METHOD_LABEL' }])
    expect(typeof p.loginMethods![0]!.inline).toBe('function')
    expect(sms({ inline: false }).loginMethods![0]!.inline).toBeUndefined()
    expect(smsMessages.SMS_METHOD_LABEL).toBe('Continue with SMS')
  })

  it('default: every error code has an English text', () => {
    for (const [code, reaction] of Object.entries(SMS_ERRORS)) expect(smsMessages).toHaveProperty(reaction.message ?? code)
  })
})

describe('phone entry', () => {
  it('behavior: inline on the landing, US by default, formats as you type', async () => {
    h = await start({ routes: ok })
    await renderScreen(h.kernel)
    const input = await typeNumber('4155550123')
    expect(input.value).toBe('(415) 555-0123')
    expect(countrySelect().value).toBe('US')
    expect(input.maxLength).toBe(250)
    expect(countrySelect().selectedOptions[0]!.textContent).toBe('United States (+1)')
    // The face shows the country code as text: no flag emoji, which needs an emoji font to render.
    const face = countrySelect().parentElement!.textContent!
    expect(face).toContain('US')
    expect(face).toContain('+1')
    expect(face).not.toMatch(/\p{Regional_Indicator}/u)
  })

  it("behavior: typing digit by digit never splits a trunk prefix from the first digits ('12' stays '12')", async () => {
    h = await start({ routes: ok })
    await renderScreen(h.kernel, 'sms/entry')
    const shown: string[] = []
    let input: HTMLInputElement | null = null
    for (const digit of '14155550123') {
      input = await typeNumber(`${input?.value ?? ''}${digit}`)
      shown.push(input.value)
    }
    expect(shown.slice(0, 3)).toEqual(['1', '14', '141'])
    expect(shown.at(-1)).toBe('1 (415) 555-0123')
    await typeNumber('')
    expect((await typeNumber('1')).value).toBe('1')
    expect((await typeNumber('12')).value).toBe('12')
  })

  it('behavior: the update screen shows the number being replaced as +{callingCode} {number}', async () => {
    h = await start({ routes: ok })
    await renderScreen(h.kernel, 'sms/update', { oldPhoneNumber: '+14155550123' })
    expect(await screen.findByText('Enter the number to use instead of +1 4155550123.')).toBeTruthy()
  })

  it("behavior: the app's intl.defaultCountry is the starting country", async () => {
    h = await start({ routes: ok, config: { intl: { defaultCountry: 'FR' } } })
    await renderScreen(h.kernel, 'sms/entry')
    await screen.findByLabelText('Phone number')
    expect(countrySelect().value).toBe('FR')
    const input = await typeNumber('0612345678')
    expect(input.value).toBe('06 12 34 56 78')
  })

  it("behavior: pasting a full '+44 …' number switches the country to the United Kingdom", async () => {
    h = await start({ routes: ok })
    await renderScreen(h.kernel, 'sms/entry')
    const input = await typeNumber('+44 20 7946 0958')
    expect(countrySelect().value).toBe('GB')
    expect(input.value).toBe('020 7946 0958')
    await submit()
    await screen.findByRole('heading', { name: 'Enter confirmation code' })
    expect(h.calls(INIT)).toEqual([{ phoneNumber: '+44 2079460958' }])
  })

  it('behavior: changing the country re-reads the number for it', async () => {
    h = await start({ routes: ok })
    await renderScreen(h.kernel, 'sms/entry')
    await typeNumber('20 7946 0958')
    await act(async () => {
      fireEvent.change(countrySelect(), { target: { value: 'GB' } })
    })
    await submit()
    await screen.findByRole('heading', { name: 'Enter confirmation code' })
    expect(h.calls(INIT)).toEqual([{ phoneNumber: '+44 2079460958' }])
  })

  it('behavior: an invalid number is refused before calling the server', async () => {
    h = await start({ routes: ok })
    await renderScreen(h.kernel, 'sms/entry')
    const input = await typeNumber('12')
    await submit()
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(h.calls(INIT)).toHaveLength(0)
  })

  it("behavior: a valid number sends the code and the code screen shows '+{callingCode} {number}'", async () => {
    h = await start({ routes: ok })
    await renderScreen(h.kernel)
    await typeNumber('(415) 555-0123')
    await submit()
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(screen.getByText('+1 4155550123')).toBeTruthy()
    expect(h.calls(INIT)).toEqual([{ phoneNumber: '+1 4155550123' }])
  })

  it('behavior: the full-screen entry has the Log in with SMS title', async () => {
    h = await start({ routes: ok })
    await renderScreen(h.kernel, 'sms/entry')
    expect(await screen.findByRole('heading', { name: 'Log in with SMS' })).toBeTruthy()
  })

  it('behavior: too_many_requests on send shows the kernel text under the field', async () => {
    h = await start({ routes: failWith(INIT, 429, 'too_many_requests') })
    await renderScreen(h.kernel, 'sms/entry')
    await typeNumber('4155550123')
    await submit()
    expect(await screen.findByText('Too many requests. Please wait before trying again.')).toBeTruthy()
  })

  it('behavior: invalid_data from the server (a number the provider refuses) shows the number error', async () => {
    h = await start({ routes: failWith(INIT, 400, 'invalid_data', 'This phone number cannot receive text messages.') })
    await renderScreen(h.kernel, 'sms/entry')
    await typeNumber('4155550123')
    await submit()
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy()
  })

  it('behavior: with hideDirectWeb2Inputs the landing shows a Continue with SMS button that opens the entry', async () => {
    h = await start({ routes: ok, config: { appearance: { hideDirectWeb2Inputs: true } } })
    await renderScreen(h.kernel)
    const button = await screen.findByRole('button', { name: /Continue with SMS/ })
    expect(screen.queryByLabelText('Phone number')).toBeNull()
    await act(async () => fireEvent.click(button))
    expect(await screen.findByRole('heading', { name: 'Log in with SMS' })).toBeTruthy()
  })
})

describe('code screen', () => {
  const params = { phoneNumber: '+1 4155550123' }

  it('behavior: a correct code signs in, shows success, and the modal closes', async () => {
    const logins: string[] = []
    h = await start({ routes: { ...ok, [`POST ${AUTH}`]: () => ({ json: authenticated() }) } })
    h.kernel.onLogin((r) => logins.push(r.method))
    await renderScreen(h.kernel, 'sms/code', params)
    expect(await screen.findByText('+1 4155550123')).toBeTruthy()
    await enterCode('123456')
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    expect(h.calls(AUTH)).toEqual([{ phoneNumber: '+1 4155550123', code: '123456', mode: 'login-or-sign-up' }])
    expect(logins).toEqual(['sms'])
    await waitFor(() => expect(h!.kernel.state.modal.open).toBe(false))
  })

  it('behavior: invalid_credentials shows the inline error and clears the boxes', async () => {
    h = await start({ routes: failWith(AUTH, 401, 'invalid_credentials') })
    await renderScreen(h.kernel, 'sms/code', params)
    const boxes = await enterCode('111111')
    expect(await screen.findByText('Invalid or expired verification code')).toBeTruthy()
    await waitFor(() => expect(boxes.map((b) => b.value).join('')).toBe(''))
    expect(h.kernel.state.modal.stack.at(-1)?.screen).toBe('sms/code')
  })

  it('behavior: too_many_requests is shown inline with the kernel text', async () => {
    h = await start({ routes: failWith(AUTH, 429, 'too_many_requests') })
    await renderScreen(h.kernel, 'sms/code', params)
    await enterCode('123456')
    expect(await screen.findByText('Too many requests. Please wait before trying again.')).toBeTruthy()
  })

  it('behavior: allowlist_rejected goes to the allowlist screen', async () => {
    h = await start({ routes: failWith(AUTH, 401, 'allowlist_rejected', 'User is not allowed to login to this app.') })
    await renderScreen(h.kernel, 'sms/code', params)
    await enterCode('123456')
    expect(await screen.findByRole('heading', { name: "You don't have access to this app" })).toBeTruthy()
  })

  it('behavior: any other failure says Issue verifying code', async () => {
    h = await start({ routes: failWith(AUTH, 400, 'invalid_state') })
    await renderScreen(h.kernel, 'sms/code', params)
    await enterCode('123456')
    expect(await screen.findByText('Issue verifying code')).toBeTruthy()
  })

  it('behavior: in link mode the code links the number through /passwordless_sms/link', async () => {
    h = await start({ routes: { ...ok, [`POST ${LINK}`]: () => ({ json: wireUser() }) } })
    await act(async () => {
      await h!.kernel.contextFor('sms').authenticate(async () => authenticated() as AuthenticatedUser, { method: 'sms' })
    })
    await renderScreen(h.kernel, 'sms/code', { ...params, intent: 'link' })
    await enterCode('654321')
    await waitFor(() => expect(h!.calls(LINK)).toEqual([{ phoneNumber: '+1 4155550123', code: '654321' }]))
    // Linking never signs in again: the session refresh after it is the kernel's (tested there).
    expect(h.calls(AUTH)).toHaveLength(0)
  })

  it('behavior: linking for a user who already has a number shows cannot_link_more_of_type on the entry screen and sends no code', async () => {
    const phone = { type: 'phone', phoneNumber: '+14155550100', number: '+14155550100', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
    h = await start({ routes: ok })
    await act(async () => {
      await h!.kernel.contextFor('sms').authenticate(async () => authenticated(wireUser({ linked_accounts: [phone] })) as AuthenticatedUser, { method: 'sms' })
    })
    await renderScreen(h.kernel, 'sms/entry', { intent: 'link' })
    expect(await screen.findByText('This account already has a phone number.')).toBeTruthy()
    await typeNumber('4155550123')
    await submit()
    expect(screen.getByText('This account already has a phone number.')).toBeTruthy()
    expect(h.calls(INIT)).toHaveLength(0)
  })

  it('behavior: resend waits 30 s, then sends a new code to the same number', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    h = await start({ routes: ok })
    await renderScreen(h.kernel, 'sms/code', params)
    expect(await screen.findByText('Resend code in 30s')).toBeTruthy()
    expect(screen.getByText("Didn't get a text?", { exact: false })).toBeTruthy()
    await act(async () => {
      vi.advanceTimersByTime(30_000)
    })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend code' })))
    await waitFor(() => expect(h!.calls(INIT)).toEqual([{ phoneNumber: '+1 4155550123' }]))
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy()
  })
})
