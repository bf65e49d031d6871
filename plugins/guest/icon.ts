/**
 * The guest method's icon, shared by the landing button and the screen.
 * @module
 */

/** A person outline as an SVG path (24×24 view box, stroked). */
export const GUEST_ICON_PATH = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0'
