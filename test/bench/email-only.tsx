/**
 * The page the size and open-time budgets are measured on: a host app with the email plugin only.
 */
import { email } from 'portico/plugins/email'
import { renderHostPage } from './host-page'

renderHostPage([email()])
