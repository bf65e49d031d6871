/**
 * Browser entry of the MFA screens' screenshot page: a user signed in with the methods the query's
 * `enrolled` names (comma-separated), and the MFA plugins. `verify` opens the real verification.
 * @internal
 * @module
 */
import { mountScreenshotPage } from '../../../ui/dev/shoot-entry'
import { authenticated, wireUser } from '../../../test/support/ui-harness-data'
import type { AuthenticatedUser } from '../../../kernel/wire'
import { mfa, mfaOf } from '../index'
import { mfaSms } from '../../mfa-sms'
import { mfaTotp } from '../../mfa-totp'
import { mfaPasskey } from '../../mfa-passkey'

const q = new URLSearchParams(location.search)
const enrolled = (q.get('enrolled') ?? '').split(',').filter(Boolean)
const passkeys = Number(q.get('passkeys') ?? '0')
const user = wireUser({
  has_accepted_terms: true,
  mfa_methods: enrolled.map((type) => ({ type, verified_at: 1_700_000_000 })),
  linked_accounts: Array.from({ length: passkeys }, (_, i) => ({
    type: 'passkey',
    credential_id: `cred-${i}`,
    enrolled_in_mfa: false,
    authenticator_name: ['iCloud Keychain', 'YubiKey 5C', 'Google Password Manager'][i % 3],
    verified_at: 1,
    first_verified_at: 1,
    latest_verified_at: 1,
  })),
})

mountScreenshotPage([mfa({ methods: ['totp', 'sms', 'passkey'] }), mfaTotp(), mfaSms(), mfaPasskey()], 'mfa/enroll', {
  prepare: async (kernel) => {
    await kernel.contextFor('mfa').authenticate(async () => authenticated(user) as unknown as AuthenticatedUser, { method: 'mfa' })
    kernel.closeModal({ force: true })
  },
  open: (kernel, screen, params) => {
    if (screen === 'mfa/verify') void mfaOf(kernel).verify().catch(() => undefined)
    else kernel.openModal(screen, params)
  },
})
