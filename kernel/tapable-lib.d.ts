/**
 * Types for the per-hook files of tapable. The bus imports only the five hook classes it uses
 * (not tapable's index, which pulls in every class), to keep the browser bundle small.
 * @module
 */
declare module 'tapable/lib/SyncHook.js' {
  import { SyncHook } from 'tapable'
  export default SyncHook
}
declare module 'tapable/lib/SyncBailHook.js' {
  import { SyncBailHook } from 'tapable'
  export default SyncBailHook
}
declare module 'tapable/lib/SyncWaterfallHook.js' {
  import { SyncWaterfallHook } from 'tapable'
  export default SyncWaterfallHook
}
declare module 'tapable/lib/AsyncSeriesBailHook.js' {
  import { AsyncSeriesBailHook } from 'tapable'
  export default AsyncSeriesBailHook
}
declare module 'tapable/lib/AsyncParallelHook.js' {
  import { AsyncParallelHook } from 'tapable'
  export default AsyncParallelHook
}
