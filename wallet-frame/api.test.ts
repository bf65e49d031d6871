import { describe, expect, it } from 'vitest'
import { frameApi, MFA_TOKEN_HEADER } from './api'

/** A fetch that records each request's headers and answers 200 with `{}`. */
function recordingFetch() {
  const sent: Record<string, string>[] = []
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ ...(init?.headers as Record<string, string>) })
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { sent, fetch }
}

describe('frameApi', () => {
  it('behavior: a fresh MFA token goes in the privy-mfa-token header next to the access token', async () => {
    const { sent, fetch } = recordingFetch()
    const api = frameApi({ apiBase: 'https://api.test', appId: 'app', fetch })
    await api('shares', { accessToken: 'a.b.c', mfaToken: 'mfa-1' }, { entropy_id: '0x0' })
    expect(sent[0]).toMatchObject({ authorization: 'Bearer a.b.c', [MFA_TOKEN_HEADER]: 'mfa-1' })
  })

  it('default: without an MFA token no such header is sent', async () => {
    const { sent, fetch } = recordingFetch()
    const api = frameApi({ apiBase: 'https://api.test', appId: 'app', fetch })
    await api('shares', { accessToken: 'a.b.c' }, { entropy_id: '0x0' })
    expect(Object.keys(sent[0]!)).not.toContain(MFA_TOKEN_HEADER)
  })
})
