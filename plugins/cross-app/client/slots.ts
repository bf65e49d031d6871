/** How many provider apps the landing can offer (screens are registered before the connections are known). */
export const START_SLOTS = 4
