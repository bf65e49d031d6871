/**
 * The landing screen: the app's login methods, as buttons or inline inputs, with an overflow
 * entry ('More options') when there are too many (spec section 2).
 * @module
 */
import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { textOf } from '../../kernel'
import { layoutLanding, type LandingItem } from './landing-layout'
import { usePorticoState, type ScreenProps } from '../context'
import { InlineScreen, useLoginMethods } from '../modal/screen-host'
import { Screen } from '../components/Screen'
import { LoginMethodButton } from '../components/LoginMethodButton'
import { Spinner } from '../components/Spinner'
import { ErrorText } from '../components/ErrorText'
import { useConfig, useLoaded } from './shared'

/** Renders a plugin's inline input (email field) with that plugin's context. */
function InlineMethod({ item, params }: { item: LandingItem; params: Record<string, unknown> }) {
  const Component = useLoaded(item.method.inline)
  if (!Component) return <div className={css({ display: 'flex', justifyContent: 'center', py: '3' })}><Spinner /></div>
  return <InlineScreen Component={Component} pluginId={item.pluginId} params={{ ...params, inline: true }} />
}

/**
 * The landing screen.
 * @param props - screen props; `params.overflow` shows the overflow list; `params.error` is shown
 *   in the inline input of the method named by `params.method` (e.g. a disallowed plus email).
 * @returns the screen.
 * @example
 * ```ts
 * kernel.openModal('portico/landing')
 * ```
 */
export default function Landing({ ctx, params, navigate }: ScreenProps) {
  const config = useConfig()
  const configError = usePorticoState((s) => s.configError)
  const methods = useLoginMethods(config)
  const t = ctx.t
  if (!config) {
    return (
      <Screen title={t('PORTICO_LANDING_TITLE')}>
        {configError ? (
          <ErrorText center>{t('PORTICO_UI_CONFIG_ERROR')}</ErrorText>
        ) : (
          <div className={css({ display: 'flex', justifyContent: 'center', py: '6' })}><Spinner size={28} label={t('PORTICO_UI_LOADING')} /></div>
        )}
      </Screen>
    )
  }
  // An explicit primary list keeps the host's order; otherwise the groups follow the priority.
  const { primary, overflow, keepOrder } = methods
  const layout = layoutLanding(primary, overflow, config.appearance.landingMode, config.appearance.loginGroupPriority, { keepOrder })
  const showOverflow = params.overflow === true
  const items = showOverflow ? layout.overflow.map((i) => ({ ...i, inline: false })) : layout.visible
  const open = (item: LandingItem) => navigate(item.method.screen, {})
  // One input at most (the layout's rule), drawn where the order puts it, with 'or' between it and the buttons.
  const at = items.findIndex((i) => i.inline)
  const inline = at < 0 ? null : items[at]!
  const before = at < 0 ? [] : items.slice(0, at)
  const after = at < 0 ? items : items.slice(at + 1)
  const hasMore = !showOverflow && layout.overflow.length > 0
  const more = hasMore ? (
    <li>
      <LoginMethodButton label={t('PORTICO_MORE_OPTIONS')} icon="M5 12h.01M12 12h.01M19 12h.01" onClick={() => navigate('portico/landing', { overflow: true })} />
    </li>
  ) : null
  const list = (rows: LandingItem[], extra: ReactNode = null) =>
    rows.length > 0 || extra ? (
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2.5', listStyle: 'none', p: '0', m: '0' })}>
        {rows.map((item) => (
          <li key={item.method.id}>
            <LoginMethodButton label={textOf(t, item.method.label)} icon={item.method.icon} onClick={() => open(item)} />
          </li>
        ))}
        {extra}
      </ul>
    ) : null
  const divider = (
    <div role="presentation" className={css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.subtle', fontSize: '13px', my: '1', _before: { content: '""', flex: '1', height: '1px', bg: 'border' }, _after: { content: '""', flex: '1', height: '1px', bg: 'border' } })}>
      {t('PORTICO_UI_OR')}
    </div>
  )
  return (
    <Screen
      logo={showOverflow ? null : config.appearance.logo}
      logoAlt={config.name}
      title={showOverflow ? t('PORTICO_UI_OTHER_OPTIONS_TITLE') : (config.appearance.landingHeader ?? t('PORTICO_LANDING_TITLE'))}
      subtitle={showOverflow ? undefined : config.appearance.loginMessage}
      footer={<p className={css({ textAlign: 'center', fontSize: '12px', color: 'fg.subtle' })}>{t('PORTICO_UI_PROTECTED_BY')}</p>}
    >
      {items.length === 0 ? <ErrorText center>{t('PORTICO_UI_NO_METHODS')}</ErrorText> : null}
      {list(before)}
      {inline && before.length > 0 ? divider : null}
      {inline ? <InlineMethod key={inline.method.id} item={inline} params={params.method === inline.method.id ? { error: params.error } : {}} /> : null}
      {inline && (after.length > 0 || hasMore) ? divider : null}
      {list(after, more)}
    </Screen>
  )
}
