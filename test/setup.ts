/**
 * Vitest setup for every test file. Waits on states (`findBy*`, `waitFor`) get a limit long enough
 * for two busy cores: a state that comes late still passes, one that never comes still fails.
 * The jsdom files only: Node files (servers) never load the DOM testing library.
 */
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react')
  configure({ asyncUtilTimeout: 15_000 })
}
export {}
