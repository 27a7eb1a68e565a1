import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** A Vite-built SPA with antd: scripts from our origin only; inline styles because antd writes its CSS at run time. */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export default fp(
  async (fastify) => {
    await fastify.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES } });
  },
  { name: 'helmet' },
);
