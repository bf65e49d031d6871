import { describe, expect, it } from 'vitest'
import { canAddPasskey, visiblePasskeys } from './accounts'
import {
  fromAuthenticationResponse,
  fromCreationOptions,
  fromRegistrationResponse,
  toAuthenticationResponse,
  toCreationOptions,
  toRegistrationResponse,
} from './convert'
import { toPasskeyError } from './flows'
import { parseUserAgent } from './user-agent'
import { PASSKEY_ERRORS } from './errors'
import { passkeyMessages } from './messages/en'

describe('management list rules', () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => i)
  it('shows up to 3 passkeys without View All', () => {
    expect(visiblePasskeys(list(3), false)).toEqual({ shown: [0, 1, 2], viewAll: false })
  })
  it('shows 2 and View All when there are more than 3; all once expanded', () => {
    expect(visiblePasskeys(list(4), false)).toEqual({ shown: [0, 1], viewAll: true })
    expect(visiblePasskeys(list(4), true)).toEqual({ shown: [0, 1, 2, 3], viewAll: false })
  })
  it('hides Add at 5 or more passkeys', () => {
    expect(canAddPasskey(4)).toBe(true)
    expect(canAddPasskey(5)).toBe(false)
    expect(canAddPasskey(6)).toBe(false)
  })
})

describe('WebAuthn JSON conversion', () => {
  it('round-trips registration options between camelCase and the wire snake_case', () => {
    const camel = {
      rp: { name: 'App', id: 'localhost' },
      user: { id: 'dXNlcg', name: 'a@b.co', displayName: 'a@b.co' },
      challenge: 'Y2hhbGxlbmdl',
      pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
      timeout: 60000,
      excludeCredentials: [{ id: 'Y3JlZA', type: 'public-key' as const, transports: ['internal' as const] }],
      authenticatorSelection: { residentKey: 'required' as const, requireResidentKey: true, userVerification: 'required' as const },
      attestation: 'none' as const,
    }
    const wire = fromCreationOptions(camel)
    expect(wire.user.display_name).toBe('a@b.co')
    expect(wire.authenticator_selection).toEqual({ resident_key: 'required', require_resident_key: true, user_verification: 'required' })
    expect(toCreationOptions(wire)).toEqual(camel)
  })
  it('round-trips registration and authentication responses', () => {
    const reg = {
      id: 'aWQ',
      rawId: 'aWQ',
      type: 'public-key' as const,
      response: { clientDataJSON: 'Y2Q', attestationObject: 'YW8', transports: ['internal' as const] },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: { credProps: { rk: true } },
    }
    expect(fromRegistrationResponse(reg).client_extension_results).toEqual({ cred_props: { rk: true } })
    expect(toRegistrationResponse(fromRegistrationResponse(reg))).toEqual(reg)
    const auth = {
      id: 'aWQ',
      rawId: 'aWQ',
      type: 'public-key' as const,
      response: { clientDataJSON: 'Y2Q', authenticatorData: 'YWQ', signature: 'c2ln', userHandle: 'dWg' },
      clientExtensionResults: {},
    }
    expect(fromAuthenticationResponse(auth).response.user_handle).toBe('dWg')
    expect(toAuthenticationResponse(fromAuthenticationResponse(auth))).toEqual(auth)
  })
})

describe('browser errors', () => {
  it("maps NotAllowedError to PASSKEY_NOT_ALLOWED with the spec's text", () => {
    const err = toPasskeyError(Object.assign(new Error('x'), { name: 'NotAllowedError' })) as { code: string; message: string }
    expect(err.code).toBe('PASSKEY_NOT_ALLOWED')
    expect(passkeyMessages[PASSKEY_ERRORS.PASSKEY_NOT_ALLOWED.message]).toBe('Passkey request timed out or rejected by user.')
  })
  it('passes server errors through untouched', () => {
    const api = { name: 'ApiError', code: 'passkey_not_registered', status: 400 }
    expect(toPasskeyError(api)).toBe(api)
  })
})

describe('User-Agent parsing', () => {
  it('reads browser, OS and device', () => {
    expect(parseUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toEqual({ browser: 'Safari', os: 'iOS', device: 'iPhone' })
    expect(parseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0')).toEqual({ browser: 'Edge', os: 'Windows', device: 'Desktop' })
    expect(parseUserAgent(undefined)).toEqual({})
  })
})
