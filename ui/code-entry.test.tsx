// @vitest-environment jsdom
/**
 * The code-entry machine against the UI harness's real HTTP server: one machine per method and
 * kernel, one cooldown for every caller, and errors mapped only by the plugin's table through the
 * kernel's registry (step `send` or `verify`).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { authenticated, startHarness, type Harness, type Routes } from '../test/support/ui-harness'
import { codeEntryFor } from './code-entry'
import { email, emailCodeEntry } from '../plugins/email'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const INIT = '/api/v1/passwordless/init'
const AUTH = '/api/v1/passwordless/authenticate'
const routes: Routes = {
  [`POST ${INIT}`]: (req) =>
    JSON.parse(req.body ?? '{}').email === 'bad@example.com'
      ? { status: 400, json: { error: 'Invalid email', code: 'invalid_data' } }
      : { json: { success: true } },
  [`POST ${AUTH}`]: (req) => {
    const code = JSON.parse(req.body ?? '{}').code
    if (code === '123456') return { json: authenticated() }
    if (code === '999999') return { status: 500, json: { error: 'boom' } }
    return { status: 401, json: { error: 'Invalid code', code: 'invalid_credentials' } }
  },
}

describe('code entry', () => {
  it('behavior: every caller of a method gets the same machine, so a code has one cooldown', async () => {
    h = await startHarness({ plugins: [email()], routes })
    const ctx = h.kernel.contextFor('email')
    const entry = codeEntryFor(ctx, emailCodeEntry)
    expect(codeEntryFor(ctx, emailCodeEntry)).toBe(entry)

    await entry.send('ada@example.com', { captchaToken: '' })
    expect(entry.state).toMatchObject({ status: 'awaiting-code-input', sentTo: 'ada@example.com' })
    expect(entry.cooldownLeft('ada@example.com')).toBe(30)
    expect(entry.cooldownLeft('other@example.com')).toBe(0)

    await expect(codeEntryFor(ctx, emailCodeEntry).send('ada@example.com', { captchaToken: '' })).rejects.toMatchObject({
      code: 'too_many_requests',
      message: 'Resend code in 30s',
    })
    expect(h.calls(INIT)).toHaveLength(1)
    // Asked again from the entry screen: sent again.
    await entry.send('ada@example.com', { captchaToken: '', restart: true })
    expect(h.calls(INIT)).toHaveLength(2)
  })

  it("behavior: failures carry the email table's text for the step: invalid_data when sending, invalid_credentials and anything else when verifying", async () => {
    h = await startHarness({ plugins: [email()], routes })
    const entry = codeEntryFor(h.kernel.contextFor('email'), emailCodeEntry)

    await expect(entry.send('bad@example.com', { captchaToken: '' })).rejects.toMatchObject({ message: 'Please enter a valid email address' })
    expect(entry.state.failure).toMatchObject({ code: 'EMAIL_INVALID_ADDRESS', reaction: { inline: true } })

    await entry.send('ada@example.com', { captchaToken: '' })
    await expect(entry.submit('111111')).rejects.toMatchObject({ code: 'invalid_credentials', message: 'Invalid or expired verification code' })
    await expect(entry.submit('999999')).rejects.toMatchObject({ message: 'Issue verifying code' })
    expect(entry.state.failure).toMatchObject({ code: 'EMAIL_VERIFY_FAILED' })

    await entry.submit('123456')
    expect(entry.state.status).toBe('done')
    expect(h.kernel.state.session.status).toBe('authenticated')
  })
})
