import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT, decodeProtectedHeader, decodeJwt, importSPKI } from 'jose'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { verifyAccessToken } from './index'

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance()
})
afterAll(() => t.close())

/** The token's claims signed again with the app's own key, under the given header. */
async function resign(token: string, header: Record<string, unknown>): Promise<string> {
  return new SignJWT(decodeJwt(token))
    .setProtectedHeader({ alg: 'ES256', ...header })
    .sign(t.app.signingKey.key)
}

/** Every way a host backend and the server itself verify a token: each must refuse the same tokens. */
async function verdicts(token: string): Promise<{ pem: boolean; key: boolean; jwks: boolean; server: number }> {
  const ok = (p: Promise<unknown>) => p.then(() => true, () => false)
  return {
    pem: await ok(verifyAccessToken(token, { appId: t.appId, verificationKey: t.app.publicPem })),
    key: await ok(verifyAccessToken(token, { appId: t.appId, verificationKey: (await importSPKI(t.app.publicPem, 'ES256')) as CryptoKey })),
    jwks: await ok(verifyAccessToken(token, { appId: t.appId, apiUrl: t.baseUrl })),
    server: (await t.request('/api/v1/users/me', { token })).status,
  }
}
const ACCEPTED = { pem: true, key: true, jwks: true, server: 200 }
const REFUSED = { pem: false, key: false, jwks: false, server: 401 }

describe('token key ids', () => {
  it("signs with the kid the app's JWKS publishes, and that token verifies every way", async () => {
    const auth = await t.login('kid@example.com')
    const jwks = (await t.request(`/api/v1/apps/${t.appId}/jwks.json`)).body as { keys: { kid: string }[] }
    expect(decodeProtectedHeader(auth.token!).kid).toBe(jwks.keys[0]!.kid)
    expect(decodeProtectedHeader(auth.identity_token!).kid).toBe(jwks.keys[0]!.kid)
    expect(await verdicts(auth.token!)).toEqual(ACCEPTED)
  })

  it("refuses a token whose kid is not one of the app's keys, even with a valid signature", async () => {
    const auth = await t.login('kid2@example.com')
    const other = await t.createApp()
    expect(await verdicts(await resign(auth.token!, { typ: 'JWT', kid: other.signingKey.kid }))).toEqual(REFUSED)
    expect(await verdicts(await resign(auth.token!, { typ: 'JWT', kid: 'not-a-key' }))).toEqual(REFUSED)
  })

  it('refuses a token without a kid', async () => {
    const auth = await t.login('kid3@example.com')
    expect(await verdicts(await resign(auth.token!, { typ: 'JWT' }))).toEqual(REFUSED)
  })
})

describe('token encoding', () => {
  const segments = (token: string) => token.split('.') as [string, string, string]

  it('refuses padding on any segment', async () => {
    const auth = await t.login('pad@example.com')
    for (const i of [0, 1, 2] as const) {
      const parts = segments(auth.token!)
      parts[i] += '='
      expect(await verdicts(parts.join('.')), `segment ${i}`).toEqual(REFUSED)
    }
  })

  it('refuses a signature whose unused trailing bits are set (non-canonical base64url)', async () => {
    const auth = await t.login('bits@example.com')
    const [header, payload, signature] = segments(auth.token!)
    // 64 signature bytes are 86 characters: the last one carries 4 bits and 2 unused ones.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const last = alphabet.indexOf(signature.at(-1)!)
    const twisted = signature.slice(0, -1) + alphabet[last | 1]!
    expect(Buffer.from(twisted, 'base64url')).toEqual(Buffer.from(signature, 'base64url'))
    expect(await verdicts([header, payload, twisted].join('.'))).toEqual(REFUSED)
    // The canonical token still passes: only the encoding changed.
    expect(await verdicts(auth.token!)).toEqual(ACCEPTED)
  })
})
