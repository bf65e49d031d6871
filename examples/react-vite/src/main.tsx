/**
 * The app's entry: the Portico provider around the app, with the plugins the app uses and the
 * app id and API URL from Vite's environment (`VITE_PORTICO_APP_ID`, `VITE_PORTICO_API_URL`).
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider } from 'portico/react'
import { email } from 'portico/plugins/email'
import 'portico/styles.css'
import { App } from './App'

// Created once, outside the component: the provider reads the plugin list when it mounts.
const plugins = [email()]

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PorticoProvider appId={import.meta.env.VITE_PORTICO_APP_ID} apiUrl={import.meta.env.VITE_PORTICO_API_URL} plugins={plugins}>
      <App />
    </PorticoProvider>
  </StrictMode>,
)
