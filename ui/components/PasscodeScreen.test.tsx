// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { definePlugin } from '../../kernel/plugin'
import { ApiError } from '../../kernel/errors'
import type { ScreenProps } from '../context'
import { renderScreen, startHarness, type Harness } from '../test-harness'
import { DESTINATION_SLOT, PasscodeScreen } from './PasscodeScreen'

let h: Harness | null = null
beforeEach(() => {
  verify.mockReset()
  resend.mockReset()
  onVerifyError.mockReset()
})
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const verify = vi.fn<(code: string) => Promise<unknown>>()
const resend = vi.fn<(token: string | undefined) => Promise<unknown>>()
const onVerifyError = vi.fn<(code: string | undefined) => boolean>()

function Probe({ kernel, ctx }: ScreenProps) {
  return (
    <PasscodeScreen
      kernel={kernel}
      ctx={ctx}
      method="probe"
      screen="probe/code"
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
        invalidCode: 'Probe wrong code',
        verifyFailed: 'Probe failed',
      }}
      verify={verify}
      resend={resend}
      onVerifyError={onVerifyError}
    />
  )
}

const probe = definePlugin({ id: 'probe', kind: 'feature', screens: { code: { load: async () => ({ default: Probe }) } } })

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
    expect(screen.getByText('wait 30')).toBeTruthy()
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

  it('behavior: invalid_credentials shows the invalid-code text; other codes the failure text', async () => {
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
    expect(screen.queryByText('Probe failed')).toBeNull()
    expect(onVerifyError).not.toHaveBeenCalled()
  })

  it('behavior: a plugin reaction that handles the error wins over the shared ones', async () => {
    h = await startHarness({ plugins: [probe] })
    await renderScreen(h.kernel, 'probe/code')
    onVerifyError.mockReturnValueOnce(true)
    verify.mockRejectedValueOnce(new ApiError(400, { error: 'mine', code: 'invalid_state' }))
    await paste('444444')
    await waitFor(() => expect(onVerifyError).toHaveBeenLastCalledWith('invalid_state', expect.anything()))
    expect(screen.queryByText('Probe failed')).toBeNull()
  })
})
