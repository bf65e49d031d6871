/**
 * The MFA core's screens, for the plugin's definition: the screen table (each loaded when first
 * shown).
 * @module
 */
import type { ScreenDefinition } from '../../../kernel'

/** The screens, by their id within the plugin (`verify` is `mfa/verify`). */
export const mfaScreens = {
  verify: { load: () => import('./Verify') },
  enroll: { load: () => import('./Enroll') },
  remove: { load: () => import('./Remove') },
} as const satisfies Record<string, ScreenDefinition>
