/**
 * The style of each public class recipe (`porticoRecipes` in `./styles`), as Panda style objects.
 * `panda.config.ts` compiles them into the shipped stylesheet (`portico/styles.css`), so a screen
 * written outside this repository can use the classes without a Panda build of its own. Every
 * rule is scoped to `.portico-root` and sits in the `portico-base` layer, under the utilities.
 * @module
 */

/** Panda style objects keyed by class name (without the dot). */
export const RECIPE_STYLES: Record<string, Record<string, unknown>> = {
  'portico-stack': { display: 'flex', flexDirection: 'column', gap: '3' },
  'portico-stack-loose': { display: 'flex', flexDirection: 'column', gap: '5' },
  'portico-stack-tight': { display: 'flex', flexDirection: 'column', gap: '2' },
  'portico-row': { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: '2' },
  'portico-title': { fontSize: '20px', fontWeight: '700', lineHeight: '1.3', letterSpacing: '-0.01em', color: 'fg' },
  'portico-text': { fontSize: '15px', color: 'fg' },
  'portico-muted': { fontSize: '14px', color: 'fg.muted' },
  'portico-center': { textAlign: 'center' },
  'portico-status': { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '2', fontSize: '14px', color: 'fg.muted', minHeight: '20px' },
  'portico-loading': { display: 'flex', alignItems: 'center', justifyContent: 'center', py: '6' },
  'portico-success-text': { fontSize: '14px', textAlign: 'center', color: 'success', minHeight: '20px' },
  'portico-danger-text': { fontSize: '14px', textAlign: 'center', color: 'danger' },
  'portico-list': { display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' },
  'portico-list-row': {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '3',
    py: '2.5',
    border: '1px solid',
    borderColor: 'border',
    borderRadius: 'control',
    bg: 'bg',
    color: 'fg',
  },
  'portico-truncate': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: '0' },
  'portico-card': { bg: 'surface', border: '1px solid', borderColor: 'border', borderRadius: 'control', p: '4' },
  'portico-tile': {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    width: '100%',
    minHeight: '56px',
    px: '4',
    py: '3',
    bg: 'bg',
    color: 'fg',
    border: '1px solid',
    borderColor: 'border',
    borderRadius: 'control',
    fontWeight: '600',
    textAlign: 'start',
    cursor: 'pointer',
    transition: 'background-color 120ms, border-color 120ms',
    '&:hover:not([aria-disabled=true], :disabled)': { bg: 'surface.hover', borderColor: 'border.strong' },
    '&:focus-visible': { outline: 'none', boxShadow: 'focus' },
    // Muted, not faded: what a disabled tile says (a 'Coming later' badge) stays readable.
    '&[aria-disabled=true], &:disabled': { bg: 'surface', color: 'fg.subtle', cursor: 'not-allowed' },
  },
  'portico-divider': { height: '1px', bg: 'border', border: '0', width: '100%' },
  'portico-badge': {
    display: 'inline-flex',
    alignItems: 'center',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    fontSize: '12px',
    fontWeight: '600',
    bg: 'accent.subtle',
    color: 'accent.text',
  },
  'portico-sr-only': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    padding: '0',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
    borderWidth: '0',
  },
}
