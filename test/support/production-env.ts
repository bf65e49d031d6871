/**
 * One deployment's production variables for the tests that start `portico serve` or its config:
 * the secrets `portico serve` insists on, a public https URL and an admin key. Generated once per
 * call, so a test that restarts a server (or restores a backup) keeps the object and reuses it.
 * @module
 */
import { generateEncryptionKey } from '../../server/index'

/**
 * The production variables of one deployment.
 * @param name - a short word naming the test, which the secret and admin key carry (no two tests share them).
 * @returns PORTICO_SECRET, the three encryption keys, PORTICO_PUBLIC_URL and PORTICO_ADMIN_KEY.
 */
export function productionEnv(name: string) {
  return {
    PORTICO_SECRET: `${name}-secret-0123456789abcdef0123456789`,
    PORTICO_ENCRYPTION_KEY: generateEncryptionKey(),
    PORTICO_WALLET_SHARE_KEY: generateEncryptionKey(),
    PORTICO_WALLET_RECOVERY_KEY: generateEncryptionKey(),
    PORTICO_PUBLIC_URL: 'https://auth.example.test',
    PORTICO_ADMIN_KEY: `${name}-admin-key-0123456789abcdef0123456789`,
  }
}
