/**
 * Allowlist rejection. Title, detail and button text default to the spec's texts and can be
 * overridden by the app's `allowlist_config`, which may also give the button a link.
 * @module
 */

import type { ScreenProps } from '../context'
import { Screen } from '../components/Screen'
import { Button, buttonRecipe } from '../components/Button'
import { toLanding, useConfig } from './shared'

/**
 * The allowlist screen.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('portico/allowlist')
 * ```
 */
export default function Allowlist({ ctx, navigate }: ScreenProps) {
  const config = useConfig()
  const t = ctx.t
  const custom = config?.server.allowlist_config
  const cta = custom?.cta_text || t('PORTICO_ALLOWLIST_CTA')
  return (
    <Screen
      icon="lock"
      title={custom?.error_title || t('PORTICO_ALLOWLIST_TITLE')}
      subtitle={custom?.error_detail || t('PORTICO_ALLOWLIST_DETAIL')}
      footer={
        custom?.cta_link ? (
          <a href={custom.cta_link} target="_blank" rel="noopener noreferrer" className={buttonRecipe({ variant: "primary", fullWidth: true })}>
            {cta}
          </a>
        ) : (
          <Button onClick={() => toLanding(navigate)}>{cta}</Button>
        )
      }
    />
  )
}
