// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { definePlugin } from '../../kernel/plugin'
import { ApiError, defineErrorCodes } from '../../kernel/errors'
import type { ScreenProps } from '../context'
import { renderScreen, startHarness, type Harness } from '../../test/support/ui-harness'
import type { CodeEntryMethod } from '../code-entry'
import { DESTINATION_SLOT, PasscodeScreen } from './PasscodeScreen'

let h: Harness | null = null
beforeEach(() => {
  verify.mockReset()
  init.mockReset()
})
afterEach(async () => {
  vi.useRealTimers()
  cleanup()
  await h?.close()
  h = null
})

const verify = vi.fn<(code: string) => Promise<unknown>>()
const init = vi.fn<(destination: string, token: string | undefined) => Promise<unknown>>()

const probeEntry: CodeEntryMethod = {
  method: 'probe',
  init: (_ctx, destination, token) => init(destination, token),
  authenticate: () => Promise.reject(new Error('not used: the screen verifies')),
  resendInKey: 'PROBE_RESEND_IN',
}

function Probe({ ctx }: ScreenProps) {
  return (
    <PasscodeScreen
      ctx={ctx}
      spec={probeEntry}
      destination="pigeon #42"
      texts={{
        title: 'Probe title',
        subtitle: `Sent to ${DESTINATION_SLOT} just now.`,
        codeLabel: 'Probe code',
        didntGet: 'Nothing?',
        resendIn: (s) => `wait ${s}`,
        resent: 'Sent again',
        verifying: 'Checking',
        successTitle: 'Probe ok',
        successSubtitle: 'Done',
      }}
      verify={verify}
    />
  )
}

// The screen maps no error itself: the probe's error table, read by the kernel's registry, does.
const probe = definePlugin({
  id: 'probe',
  kind: 'feature',
  screens: { code: { load: async () => ({ default: Probe }) } },
  errors: defineErrorCodes('PROBE', {
    PROBE_WRONG_CODE: { from: ['invalid_credentials'], steps: ['verify'], inline: true, message: 'PROBE_WRONG_CODE' },
    PROBE_GO_BACK: { from: ['disallowed_plus_email'], screen: 'portico/landing', inline: true, message: 'PROBE_GO_BACK' },
    PROBE_FAILED: { steps: ['verify'], fallback: true, inline: true, message: 'PROBE_FAILED' },
  }),
  messages: { PROBE_WRONG_CODE: 'Probe wrong code', PROBE_GO_BACK: 'Probe go back', PROBE_FAILED: 'Probe failed', PROBE_RESEND_IN: 'again in {seconds}' },
})

async function paste(code: string) {
  const boxes = (await screen.findAllByRole('textbox')) as HTMLInputElement[]
  await act(async () => {
    boxes[0]!.focus()
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => code } })
  })
  return boxes
}

describe('PasscodeScreen', () => {
  it('default: shows the texts with the destination in bold and the cooldown', async () => {
    h = await startHarness({ plugins: [probe] })
    await renderScreen(h.kernel, 'probe/code')
    expect(await screen.findByRole('heading', { name: 'Probe title' })).toBeTruthy()
    expect(screen.getByText('pigeon #42').tagName).toBe('STRONG')
    // Counting down from 30 s (a busy machine may tick before this line reads it; the start is checked with a still clock below).
    expect(screen.getByText(/^wait ([1-9]|[12]\d|30)$/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull()
    expect(screen.getByLabelText('Probe code 1/6')).toBeTruthy()
  })

  it('behavior: a complete code calls verify and then shows the success texts', async () => {
    verify.mockResolvedValueOnce(undefined)
    h = await startHarness({ plugins: [probe] })
    await renderScreen(h.kernel, 'probe/code')
    await paste('246810')
    await waitFor(() => expect(verify).toHaveBeenLastCalledWith('246810'))
    expect(await screen.findByRole('heading', { name: 'Probe ok' })).toBeTruthy()
  })

  it("behavior: invalid_credentials shows the plugin table's text; other codes its verify fallback", async () => {
    h = await startHarness({ plugins: [probe] })
    await renderScreen(h.kernel, 'probe/code')
    verify.mockRejectedValueOnce(new ApiError(401, { error: 'no', code: 'invalid_credentials' }))
    await paste('111111')
    expect(await screen.findByText('Probe wrong code')).toBeTruthy()
    verify.mockRejectedValueOnce(new ApiError(400, { error: 'odd', code: 'invalid_state' }))
    await paste('222222')
    expect(await screen.findByText('Probe failed')).toBeTruthy()
  })

  it('behavior: exited_auth_flow (a declined later step) shows nothing', async () => {
    h = await startHarness({ plugins: [probe] })
    await renderScreen(h.kernel, 'probe/code')
    verify.mockRejectedValueOnce(Object.assign(new Error('left'), { code: 'exited_auth_flow' }))
    await paste('333333')
    await waitFor(() => expect(verify).toHaveBeenCalledTimes(1))
    await waitFor(() => expect((screen.getAllByRole('textbox')[0] as HTMLInputElement).disabled).toBe(false))
    expect(screen.queryByText('Probe failed')).toBeNull()
  })

  it('behavior: a reaction with a screen and an inline text goes back to that screen with the text', async () => {
    h = await startHarness({ plugins: [probe] })
    await renderScreen(h.kernel, 'probe/code')
    verify.mockRejectedValueOnce(new ApiError(400, { error: 'plus', code: 'disallowed_plus_email' }))
    await paste('444444')
    await waitFor(() => expect(h!.kernel.state.modal.stack.at(-1)).toMatchObject({ screen: 'portico/landing', params: { method: 'probe', error: 'Probe go back' } }))
  })

  it("behavior: a failed resend shows the registry's text for sending, not the verify fallback", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    h = await startHarness({ plugins: [probe] })
    await renderScreen(h.kernel, 'probe/code')
    expect(await screen.findByText('wait 30')).toBeTruthy()
    await act(async () => {
      vi.advanceTimersByTime(30_000)
    })
    init.mockRejectedValueOnce(new ApiError(429, { error: 'slow down', code: 'too_many_requests' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend code' })))
    await waitFor(() => expect(init).toHaveBeenCalledWith('pigeon #42', undefined))
    expect(await screen.findByText('Too many requests. Please wait before trying again.')).toBeTruthy()
    expect(screen.queryByText('Probe failed')).toBeNull()
  })
})
