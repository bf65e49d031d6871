/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Portico app id (`npx portico apps create`). */
  readonly VITE_PORTICO_APP_ID: string
  /** Where the Portico API runs, e.g. `https://auth.example.com`. */
  readonly VITE_PORTICO_API_URL: string
}
