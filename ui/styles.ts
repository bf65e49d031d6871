/**
 * The public style surface, for screens written outside this repository: the design tokens as CSS
 * variables, and class recipes. Both are in the shipped stylesheet (`portico/styles.css`), so such a
 * screen needs no Panda build; they follow the app's theme (light or dark, accent colour, radius,
 * font) like the built-in screens.
 * @module
 */

/**
 * Class recipes shipped in `portico/styles.css` (each applies inside the modal's `.portico-root`):
 * - `stackTight` / `stack` / `stackLoose`: a column with 8 / 12 / 20 px between children;
 * - `row`: a centred row with 8 px between children;
 * - `title`, `text`, `muted`: the screen title, body text and secondary text; `center`: centred text;
 * - `status`: a centred, muted line (a small spinner and 'Waiting…'); `loading`: a roomy centred box
 *   for a large spinner; `successText` / `dangerText`: a centred confirmation / failure line;
 * - `list`: an unstyled `<ul>` as a column; `listRow`: a bordered row of such a list (an item with its
 *   actions); `truncate`: one line, cut with an ellipsis;
 * - `card`: a bordered surface panel; `tile`: a selectable row (a method or provider to pick; put it on a `<button>`;
 *   with `aria-disabled="true"` or `disabled` it is muted and does not react to hover);
 * - `divider`: a horizontal rule; `badge`: a small accent pill; `srOnly`: text for screen readers only.
 * @example
 * ```tsx
 * import { porticoRecipes as r } from 'portico/react/components'
 * <div className={r.stack}><p className={r.muted}>Pick a provider</p><button className={r.tile}>Card</button></div>
 * ```
 */
export const porticoRecipes = {
  stackTight: 'portico-stack-tight',
  stack: 'portico-stack',
  stackLoose: 'portico-stack-loose',
  row: 'portico-row',
  title: 'portico-title',
  text: 'portico-text',
  muted: 'portico-muted',
  center: 'portico-center',
  status: 'portico-status',
  loading: 'portico-loading',
  successText: 'portico-success-text',
  dangerText: 'portico-danger-text',
  list: 'portico-list',
  listRow: 'portico-list-row',
  truncate: 'portico-truncate',
  card: 'portico-card',
  tile: 'portico-tile',
  divider: 'portico-divider',
  badge: 'portico-badge',
  srOnly: 'portico-sr-only',
} as const

/**
 * The design tokens as CSS variable references, for inline styles and a host's own CSS inside the
 * modal. Colours switch with the theme; `accent*` follow the app's accent colour; the radii and
 * the font follow the theme's `radius` and `fontFamily`.
 * @example
 * ```tsx
 * import { porticoTokens as t } from 'portico/react/components'
 * <span style={{ color: t.fgMuted, borderRadius: t.radiusControl }}>…</span>
 * ```
 */
export const porticoTokens = {
  accent: 'var(--po-colors-accent)',
  accentHover: 'var(--po-colors-accent-hover)',
  accentSubtle: 'var(--po-colors-accent-subtle)',
  accentFg: 'var(--po-colors-accent-fg)',
  accentText: 'var(--po-colors-accent-text)',
  accentRing: 'var(--po-colors-accent-ring)',
  bg: 'var(--po-colors-bg)',
  surface: 'var(--po-colors-surface)',
  surfaceHover: 'var(--po-colors-surface-hover)',
  border: 'var(--po-colors-border)',
  borderStrong: 'var(--po-colors-border-strong)',
  fg: 'var(--po-colors-fg)',
  fgMuted: 'var(--po-colors-fg-muted)',
  fgSubtle: 'var(--po-colors-fg-subtle)',
  danger: 'var(--po-colors-danger)',
  dangerSubtle: 'var(--po-colors-danger-subtle)',
  success: 'var(--po-colors-success)',
  successSubtle: 'var(--po-colors-success-subtle)',
  radiusControl: 'var(--po-radii-control)',
  radiusModal: 'var(--po-radii-modal)',
  fontBody: 'var(--po-fonts-body)',
  fontMono: 'var(--po-fonts-mono)',
} as const
