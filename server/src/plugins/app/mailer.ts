import path from 'node:path';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../lib/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (fastify) => {
    const { SMTP_URL, MAIL_FROM, DATA_DIR } = fastify.env;
    const mailer = createMailer({
      smtpUrl: SMTP_URL,
      from: MAIL_FROM,
      outboxDir: path.resolve(DATA_DIR, 'outbox'),
      log: fastify.log,
    });
    fastify.decorate('mailer', mailer);
    fastify.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', decorators: { fastify: ['env'] } },
);
