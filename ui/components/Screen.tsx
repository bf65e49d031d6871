/**
 * The layout every modal screen uses: header (logo, status icon, title, subtitle), body, footer.
 * Its title labels the dialog. A screen whose body can outgrow the modal (a long message to sign)
 * sets `scrollLabel`: the header and the footer then stay in view and the body scrolls between them.
 * @module
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react'
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
  /**
   * Keeps the header and the footer (the screen's buttons) in view and lets the body scroll between
   * them when the screen is taller than the modal, on a phone too. The body becomes a region named by
   * this text, in the tab order, so keyboard users can scroll it and screen readers announce it
   * ('Request details'). On a short window (720 px high or less) the icon is left out to give the body
   * room. Without it the whole modal scrolls, footer included.
   */
  scrollLabel?: string
}

/** The built-in status glyphs (SVG paths) and the badge tone each is drawn in. */
const icons: Record<string, { path: string; tone: IconBadgeTone }> = {
  error: { path: ERROR_GLYPH, tone: 'error' },
  warning: { path: 'M12 8v5m0 3.5h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z', tone: 'error' },
  success: { path: 'm8 12.5 2.6 2.6L16 9.5M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z', tone: 'success' },
  lock: { path: 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12a1 1 0 0 1 1 1v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7a1 1 0 0 1 1-1Z', tone: 'accent' },
  mail: { path: 'M4 6h16a1 1 0 0 1 1 1v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a1 1 0 0 1 1-1Zm0 1 8 6 8-6', tone: 'accent' },
}

const bodyStyle = css({ display: 'flex', flexDirection: 'column', gap: '3' })

/**
 * A scrolling screen is at most as tall as the room the modal leaves it (`--po-screen-max-height`,
 * set by `Modal`), so its body shrinks and scrolls instead of pushing the footer out of view.
 */
const scrollingRoot = css({ maxHeight: 'var(--po-screen-max-height, none)', minHeight: '0' })

const iconSlot = css({ display: 'flex', flexDirection: 'column', alignItems: 'inherit' })

/** On a short window a scrolling screen leaves its icon out, so the body keeps room to show something. */
const shortWindowHidden = css({ '@media (max-height: 720px)': { display: 'none' } })

const scrollBodyStyle = css({
  flex: '1 1 auto',
  minHeight: '0',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  py: '0.5',
  // Room for the children's focus rings, which the scroll box would otherwise clip at its sides.
  mx: '-1',
  px: '1',
  // Where content is cut off, a hairline and a fade over the content, so the user sees there is more.
  borderTop: '1px solid transparent',
  borderBottom: '1px solid transparent',
  transition: 'border-color 120ms ease',
  '&::before, &::after': {
    content: '""',
    display: 'block',
    position: 'sticky',
    height: '20px',
    pointerEvents: 'none',
    opacity: '0',
    transition: 'opacity 120ms ease',
    zIndex: '1',
  },
  _before: { top: '0', mb: '-20px', bgGradient: 'to-b', gradientFrom: 'bg', gradientTo: 'transparent' },
  _after: { bottom: '0', mt: '-20px', bgGradient: 'to-t', gradientFrom: 'bg', gradientTo: 'transparent' },
  '&[data-more-above]': { borderTopColor: 'border', _before: { opacity: '1' } },
  '&[data-more-below]': { borderBottomColor: 'border', _after: { opacity: '1' } },
  outline: 'none',
  borderRadius: '4px',
  _focusVisible: { boxShadow: 'focus' },
})

/** Whether a scroll box has content cut off above and below, kept up to date as it scrolls or resizes. */
function useCutOff(box: RefObject<HTMLElement | null>) {
  const [cut, setCut] = useState({ above: false, below: false })
  useEffect(() => {
    const el = box.current
    if (!el) return
    const update = () => {
      const above = el.scrollTop > 0
      const below = el.scrollTop + el.clientHeight < el.scrollHeight - 1
      setCut((c) => (c.above === above && c.below === below ? c : { above, below }))
    }
    update()
    el.addEventListener('scroll', update, { passive: true })
    // Without ResizeObserver (old browsers, jsdom) the hairlines follow scrolling only.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
    observer?.observe(el)
    if (el.firstElementChild) observer?.observe(el.firstElementChild)
    return () => {
      el.removeEventListener('scroll', update)
      observer?.disconnect()
    }
  }, [box])
  return cut
}

/** The body of a screen with `scrollLabel`: a named, focusable region that scrolls. */
function ScrollBody({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const cut = useCutOff(ref)
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      tabIndex={0}
      data-part="screen-scroll"
      data-more-above={cut.above ? '' : undefined}
      data-more-below={cut.below ? '' : undefined}
      className={scrollBodyStyle}
    >
      <div className={bodyStyle}>{children}</div>
    </div>
  )
}

const logoStyle = css({ maxHeight: '90px', maxWidth: '180px', width: 'auto', height: 'auto', objectFit: 'contain', mb: '2' })

/** The app logo; a URL that does not load shows nothing (not its alt text, not a broken-image box). */
function Logo({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false)
  if (broken) return null
  return <img src={src} alt={alt} className={logoStyle} onError={() => setBroken(true)} />
}

/**
 * Lays out a screen.
 * @param props - title, subtitle, logo, icon, body, footer and, for a body that may outgrow the modal,
 *   the name of its scroll region.
 * @returns the screen.
 * @example
 * ```tsx
 * import { Screen, Button } from 'portico/react/components'
 * <Screen title="Unable to sign in" icon="error" footer={<Button onClick={back}>Go back</Button>} />
 * // A long body scrolls between the header and the buttons, which stay in view:
 * <Screen title="Review" scrollLabel="Details" footer={<Button onClick={ok}>Confirm</Button>}>{details}</Screen>
 * ```
 */
export function Screen({ title, subtitle, logo, logoAlt = '', icon, children, footer, center = true, scrollLabel }: ScreenProps) {
  const ids = useModalIds()
  const own = useId()
  const titleId = ids?.titleId ?? `po-title-${own}`
  const descriptionId = ids?.descriptionId ?? `po-desc-${own}`
  const scrolling = scrollLabel !== undefined
  return (
    <div className={cx(css({ display: 'flex', flexDirection: 'column', gap: '5', pt: '2' }), scrolling ? scrollingRoot : undefined)}>
      <header
        className={cx(css({ display: 'flex', flexDirection: 'column', gap: '2', flexShrink: '0' }), center ? css({ alignItems: 'center', textAlign: 'center' }) : undefined)}
      >
        {logo ? <Logo key={logo} src={logo} alt={logoAlt} /> : null}
        {icon ? (
          <div className={cx(iconSlot, scrolling ? shortWindowHidden : undefined)}>
            {typeof icon === 'string' && icons[icon] ? (
              <IconBadge tone={icons[icon].tone}>
                <BadgeGlyph path={icons[icon].path} />
              </IconBadge>
            ) : (
              icon
            )}
          </div>
        ) : null}
        {/* Focusable from script only: the modal moves focus here on a screen without a field. */}
        <h2
          id={titleId}
          tabIndex={-1}
          className={css({ fontSize: '20px', fontWeight: '700', lineHeight: '1.3', letterSpacing: '-0.01em', color: 'fg', textWrap: 'balance', outline: 'none' })}
        >
          {title}
        </h2>
        {subtitle ? (
          <p id={descriptionId} className={css({ fontSize: '15px', color: 'fg.muted', textWrap: 'pretty', maxWidth: '40ch' })}>
            {subtitle}
          </p>
        ) : null}
      </header>
      {scrolling ? (
        <ScrollBody label={scrollLabel}>{children}</ScrollBody>
      ) : children ? (
        <div className={bodyStyle}>{children}</div>
      ) : null}
      {footer ? (
        <footer className={css({ display: 'flex', flexDirection: 'column', gap: '2.5', mt: '1', flexShrink: '0' })}>{footer}</footer>
      ) : null}
    </div>
  )
}
