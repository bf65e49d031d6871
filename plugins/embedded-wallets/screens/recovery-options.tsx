/**
 * The list of recovery methods the recovery selection and the 'Why secure my account' screens
 * offer: one tile per method; a method that cannot run yet shows 'Coming later' and does nothing.
 * @module
 */
import { porticoRecipes as r } from '../../../ui/styles'
import type { RecoveryMethod } from '../service'
import type { RecoveryChoice } from './recovery-flow'
import { InlineGlyph, type GLYPHS, type Texts } from './parts'

const LABELS = {
  'user-passcode': 'EMBEDDED_RECOVERY_PASSWORD',
  'google-drive': 'EMBEDDED_RECOVERY_GOOGLE_DRIVE',
  icloud: 'EMBEDDED_RECOVERY_ICLOUD',
  privy: 'EMBEDDED_RECOVERY_AUTOMATIC',
} as const satisfies Record<RecoveryMethod, string>

const ICONS: Record<RecoveryMethod, keyof typeof GLYPHS> = { 'user-passcode': 'key', 'google-drive': 'cloud', icloud: 'cloud', privy: 'shield' }

/**
 * The tiles.
 * @param props - the texts, the choices, the list's accessible name and what picking one does.
 * @returns the list.
 */
export function RecoveryOptionList({ t, choices, label, onPick }: { t: Texts; choices: readonly RecoveryChoice[]; label: string; onPick: (method: RecoveryMethod) => void }) {
  return (
    <ul className={r.list} aria-label={label}>
      {choices.map(({ method, available }) => (
        <li key={method}>
          <button
            type="button"
            className={r.tile}
            aria-disabled={available ? undefined : true}
            onClick={available ? () => onPick(method) : undefined}
          >
            <InlineGlyph glyph={ICONS[method]} size={20} />
            <span style={{ flex: 1 }}>{t(LABELS[method])}</span>
            {available ? null : <span className={r.badge}>{t('EMBEDDED_RECOVERY_COMING_LATER')}</span>}
          </button>
        </li>
      ))}
    </ul>
  )
}
