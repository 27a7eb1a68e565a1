import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the caller wait: how long a mail server takes must not tell a
   * client whether an address has an account. Failures are logged.
   */
  queue(message: MailMessage): void;
  /** Waits for queued messages, then releases the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/** SMTP when configured; otherwise one JSON file per message, so people and tests without a mail server can read them. */
export function createMailer(options: MailerOptions): Mailer {
  const { send, release, kind } = createTransport(options);
  const pending = new Set<Promise<void>>();
  return {
    kind,
    send,
    queue(message) {
      const sending = send(message)
        .catch((error: unknown) => options.log.error({ err: error, to: message.to, subject: message.subject }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async close() {
      await Promise.all(pending);
      release();
    },
  };
}

function createTransport({ smtpUrl, from, outboxDir, log }: MailerOptions) {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp' as const,
      async send(message: MailMessage) {
        await transport.sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      release: () => transport.close(),
    };
  }
  return {
    kind: 'outbox' as const,
    async send(message: MailMessage) {
      await mkdir(outboxDir, { recursive: true });
      // The timestamp first keeps `ls` in sending order; the id keeps two messages in one millisecond apart.
      const file = path.join(outboxDir, `${Date.now()}-${randomUUID()}.json`);
      await writeFile(file, JSON.stringify({ from, ...message, sentAt: new Date().toISOString() }, null, 2));
      // The text too: without SMTP, the log is where a person reads a reset code.
      log.info({ to: message.to, subject: message.subject, text: message.text, file }, 'mail written to the outbox (SMTP_URL is unset)');
    },
    release: () => {},
  };
}
