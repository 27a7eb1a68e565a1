import compress from '@fastify/compress';
import fp from 'fastify-plugin';

// The built app is about a megabyte of JavaScript; uncompressed it costs a slow
// device seconds before the login page paints. Brotli at a low quality keeps the
// per-request CPU small while sending about a quarter of the bytes. Answers of a
// few hundred bytes (most API calls) are not worth compressing.
export default fp(
  async (fastify) => {
    await fastify.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compress' },
);
