/**
 * SMS senders: the interface the SMS login sends codes through. The dev inbox (`server/mail.ts`)
 * implements it for development; `plugins/sms/server` carries the Twilio-compatible HTTP adapter.
 * @module
 */

/** One text message. */
export interface SmsMessage {
  /** The recipient in E.164 form (`+14155550123`). */
  to: string
  /** The message text. */
  body: string
}

/** Anything that can send a text message. */
export interface SmsSender {
  /**
   * Sends a message; rejects when the provider refused it or could not be reached.
   * @param message - recipient and text.
   */
  sendSms(message: SmsMessage): Promise<void>
}
