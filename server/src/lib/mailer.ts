import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

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
        .catch((error: unknown) => options.log.error({ err: error, recipient: recipientTag(message.to) }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async close() {
      await Promise.all(pending);
      release();
    },
  };
}

/** Which mailbox, for the log: enough to tell two apart, not who (nor any part of what was sent). */
function recipientTag(to: string): string {
  return createHash('sha256').update(to.toLowerCase()).digest('hex').slice(0, 12);
}

function createTransport({ smtpUrl, from, outboxDir, log }: MailerOptions) {
  if (smtpUrl) {
    // nodemailer is loaded with the first message, not with the server.
    let transport: Promise<import('nodemailer').Transporter> | undefined;
    const ready = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
    return {
      kind: 'smtp' as const,
      async send(message: MailMessage) {
        await (await ready()).sendMail({ from, ...message });
        log.info({ recipient: recipientTag(message.to) }, 'mail sent');
      },
      release: () => void transport?.then((opened) => opened.close()),
    };
  }
  return {
    kind: 'outbox' as const,
    async send(message: MailMessage) {
      await mkdir(outboxDir, { recursive: true });
      // The timestamp first keeps `ls` in sending order; the id keeps two messages in one millisecond apart.
      const id = `${Date.now()}-${randomUUID()}`;
      await writeFile(path.join(outboxDir, `${id}.json`), JSON.stringify({ from, ...message, sentAt: new Date().toISOString() }, null, 2), {
        mode: 0o600,
      });
      // Never the body: it holds one-time codes, and logs travel further than DATA_DIR. Read the file.
      log.info({ mail: id, recipient: recipientTag(message.to) }, 'mail written to the outbox (SMTP_URL is unset)');
    },
    release: () => {},
  };
}
