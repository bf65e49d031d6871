/**
 * The layout every modal screen uses: header (logo, status icon, title, subtitle), body, footer.
 * Its title labels the dialog.
 * @module
 */
import { useId, type ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { useModalIds } from './modal-context'
import { BadgeGlyph, ERROR_GLYPH, IconBadge, type IconBadgeTone } from './IconBadge'

/** Props of {@link Screen}. */
export interface ScreenProps {
  title: ReactNode
  subtitle?: ReactNode
  /** App logo URL; drawn at most 90 px high by 180 px wide. */
  logo?: string | null
  /** Alt text of the logo (the app name). */
  logoAlt?: string
  /** A status icon above the title. */
  icon?: 'error' | 'success' | 'warning' | 'lock' | 'mail' | ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** Centre title and body text (status screens). @defaultValue true */
  center?: boolean
}

/** The built-in status glyphs (SVG paths) and the badge tone each is drawn in. */
const icons: Record<string, { path: string; tone: IconBadgeTone }> = {
  error: { path: ERROR_GLYPH, tone: 'error' },
  warning: { path: 'M12 8v5m0 3.5h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z', tone: 'error' },
  success: { path: 'm8 12.5 2.6 2.6L16 9.5M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z', tone: 'success' },
  lock: { path: 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12a1 1 0 0 1 1 1v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7a1 1 0 0 1 1-1Z', tone: 'accent' },
  mail: { path: 'M4 6h16a1 1 0 0 1 1 1v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a1 1 0 0 1 1-1Zm0 1 8 6 8-6', tone: 'accent' },
}

/**
 * Lays out a screen.
 * @param props - title, subtitle, logo, icon, body and footer.
 * @returns the screen.
 * @example
 * ```tsx
 * import { Screen, Button } from 'portico/react/components'
 * <Screen title="Unable to sign in" icon="error" footer={<Button onClick={back}>Go back</Button>} />
 * ```
 */
export function Screen({ title, subtitle, logo, logoAlt = '', icon, children, footer, center = true }: ScreenProps) {
  const ids = useModalIds()
  const own = useId()
  const titleId = ids?.titleId ?? `po-title-${own}`
  const descriptionId = ids?.descriptionId ?? `po-desc-${own}`
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', pt: '2' })}>
      <header className={cx(css({ display: 'flex', flexDirection: 'column', gap: '2' }), center ? css({ alignItems: 'center', textAlign: 'center' }) : undefined)}>
        {logo ? (
          <img
            src={logo}
            alt={logoAlt}
            className={css({ maxHeight: '90px', maxWidth: '180px', width: 'auto', height: 'auto', objectFit: 'contain', mb: '2' })}
          />
        ) : null}
        {typeof icon === 'string' && icons[icon] ? (
          <IconBadge tone={icons[icon].tone}>
            <BadgeGlyph path={icons[icon].path} />
          </IconBadge>
        ) : icon ? (
          icon
        ) : null}
        <h2 id={titleId} className={css({ fontSize: '20px', fontWeight: '700', lineHeight: '1.3', letterSpacing: '-0.01em', color: 'fg', textWrap: 'balance' })}>
          {title}
        </h2>
        {subtitle ? (
          <p id={descriptionId} className={css({ fontSize: '15px', color: 'fg.muted', textWrap: 'pretty', maxWidth: '40ch' })}>
            {subtitle}
          </p>
        ) : null}
      </header>
      {children ? <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>{children}</div> : null}
      {footer ? (
        <footer className={css({ display: 'flex', flexDirection: 'column', gap: '2.5', mt: '1' })}>{footer}</footer>
      ) : null}
    </div>
  )
}
