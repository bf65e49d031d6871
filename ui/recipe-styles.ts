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
  'portico-row': { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: '2' },
  'portico-title': { fontSize: '20px', fontWeight: '700', lineHeight: '1.3', letterSpacing: '-0.01em', color: 'fg' },
  'portico-text': { fontSize: '15px', color: 'fg' },
  'portico-muted': { fontSize: '14px', color: 'fg.muted' },
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
    textAlign: 'left',
    cursor: 'pointer',
    transition: 'background-color 120ms, border-color 120ms',
    '&:hover': { bg: 'surface.hover', borderColor: 'border.strong' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'accent.ring', outlineOffset: '2px' },
    '&[aria-disabled=true], &:disabled': { opacity: 0.5, cursor: 'not-allowed' },
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
