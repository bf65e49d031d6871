/**
 * What the modal tells the screen layout inside it: the ids that label the dialog.
 * @module
 */
import { createContext, useContext } from 'react'

/** Ids the dialog is labelled and described by. */
export interface ModalIds {
  titleId: string
  descriptionId: string
}

/** @internal */
export const ModalIdsContext = createContext<ModalIds | null>(null)

/**
 * The ids of the surrounding modal, or null outside one.
 * @returns the ids or null.
 * @example
 * ```ts
 * import { useModalIds } from 'portico/react/components'
 * const ids = useModalIds()
 * ```
 */
export function useModalIds(): ModalIds | null {
  return useContext(ModalIdsContext)
}
