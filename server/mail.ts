/**
 * Mail senders: SMTP for real delivery, and a dev inbox that keeps messages in memory and prints
 * codes to the terminal.
 * @module
 */
import nodemailer, { type Transporter } from 'nodemailer'
import type { SmsMessage, SmsSender } from './sms'

/** One message to send. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

/** Anything that can send mail. */
export interface MailSender {
  /**
   * Sends a message; rejects when it could not be handed over.
   * @param message - recipient, subject and bodies.
   */
  send(message: MailMessage): Promise<void>
}

/** Options of {@link SmtpSender}. */
export interface SmtpSenderOptions {
  /** An `smtp://` or `smtps://` URL, usually `SMTP_URL`. */
  url: string
  /** The From header. @defaultValue 'Portico <no-reply@localhost>' */
  from?: string
}

/**
 * Sends mail through an SMTP server with nodemailer.
 * @example
 * ```ts
 * import { SmtpSender } from 'portico/server'
 * const mail = new SmtpSender({ url: process.env.SMTP_URL!, from: 'My app <login@example.com>' })
 * ```
 */
export class SmtpSender implements MailSender {
  private readonly transport: Transporter
  private readonly from: string

  /** @param options - SMTP URL and sender address. */
  constructor(options: SmtpSenderOptions) {
    this.transport = nodemailer.createTransport(options.url)
    this.from = options.from ?? 'Portico <no-reply@localhost>'
  }

  /** {@inheritDoc MailSender.send} */
  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message })
  }

  /** Closes pooled connections. */
  close(): void {
    this.transport.close()
  }
}

/** A message kept by {@link DevInbox}. */
export interface DevInboxMessage {
  to: string
  subject: string
  text: string
  /** ISO time. */
  sent_at: string
}

/** Options of {@link DevInbox}. */
export interface DevInboxOptions {
  /** Where the code line goes; null to stay silent. @defaultValue console.log */
  log?: ((line: string) => void) | null
  /** The clock used for `sent_at`. @defaultValue Date.now */
  now?: () => number
  /** Messages kept (oldest dropped first). @defaultValue 500 */
  max?: number
}

/**
 * A development mail and SMS sender: keeps messages in memory (read at `GET /dev/messages?to=`,
 * with an address or an E.164 number) and prints the line carrying the code to the server terminal.
 * @example
 * ```ts
 * import { DevInbox } from 'portico/server'
 * const inbox = new DevInbox()
 * await inbox.send({ to: 'a@b.co', subject: 'Hi', text: 'Your code is 123456.' })
 * inbox.messages('a@b.co')[0]?.text
 * ```
 */
export class DevInbox implements MailSender, SmsSender {
  private readonly list: DevInboxMessage[] = []
  private readonly log: ((line: string) => void) | null
  private readonly now: () => number
  private readonly max: number

  /** @param options - logging, clock and capacity. */
  constructor(options: DevInboxOptions = {}) {
    this.log = options.log === undefined ? (line) => console.log(line) : options.log
    this.now = options.now ?? Date.now
    this.max = options.max ?? 500
  }

  /** {@inheritDoc MailSender.send} */
  async send(message: MailMessage): Promise<void> {
    this.list.push({
      to: message.to.toLowerCase(),
      subject: message.subject,
      text: message.text,
      sent_at: new Date(this.now()).toISOString(),
    })
    if (this.list.length > this.max) this.list.shift()
    const codeLine = message.text.split('\n').find((l) => /\b\d{6}\b/.test(l)) ?? message.subject
    this.log?.(`[dev inbox] ${message.to}: ${codeLine.trim()}`)
  }

  /** {@inheritDoc SmsSender.sendSms} */
  async sendSms(message: SmsMessage): Promise<void> {
    // A text message has no subject; it is listed with the mail, keyed by its number.
    await this.send({ to: message.to, subject: '', text: message.body })
  }

  /**
   * Messages, newest first.
   * @param to - only those sent to this address (case-insensitive).
   * @returns the messages.
   */
  messages(to?: string): DevInboxMessage[] {
    const want = to?.trim().toLowerCase()
    return this.list.filter((m) => !want || m.to === want).reverse()
  }

  /** Forgets every message. */
  clear(): void {
    this.list.length = 0
  }
}
