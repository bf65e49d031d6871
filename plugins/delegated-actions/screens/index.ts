/**
 * The delegated-actions screens, each loaded when first shown.
 * @module
 */

/** The plugin's id. */
export const DELEGATED_ACTIONS_PLUGIN_ID = 'delegated-actions'

/** The screens' full ids. */
export const DELEGATED_ACTIONS_SCREENS = { prompt: 'delegated-actions/prompt' } as const

/** The screens, by name. */
export const delegatedActionScreens = { prompt: { load: () => import('./Prompt') } }
