import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../../../../common/config/schema.js';

/**
 * A Vite-built SPA with antd: scripts from our origin, plus the built page's own inline
 * scripts by hash (inlineScriptHashes); inline styles because antd writes its CSS at run time.
 */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  // The KYC review shows a PDF from an object URL the page made from bytes the server sniffed
  // as PDF: only such frames, in the browser's PDF viewer (a sandboxed frame gets no viewer).
  frameSrc: ['blob:'],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

// helmet itself, built once. @fastify/helmet rebuilt the middleware, CSP parsing
// included, on every request (0.07 ms each on this machine's sealed /me), for
// per-route options and nonces that this app does not use.
/**
 * The origins of config/app.json's data providers on other origins: the page may call them.
 * Read at start; a provider on a new origin takes a restart (README "Data providers").
 */
export function providerOrigins(config: Pick<AppConfig, 'dataProviders'>): string[] {
  const origins = Object.values(config.dataProviders ?? {}).flatMap(({ apiBaseUrl }) => {
    if (!/^https?:\/\//i.test(apiBaseUrl)) return [];
    try {
      return [new URL(apiBaseUrl).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources of the inline scripts of a built index.html ('sha256-…' each): the boot
 * script that paints the stored theme before the first frame. Read at start, as the page is
 * served from the same build; none when the app is not built.
 */
export function inlineScriptHashes(indexHtml: string): string[] {
  return [...indexHtml.matchAll(INLINE_SCRIPT)].map(
    ([, script]) => `'sha256-${createHash('sha256').update(script ?? '').digest('base64')}'`,
  );
}

function builtPageHashes(staticDir: string): string[] {
  const file = path.join(path.resolve(staticDir), 'index.html');
  return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}

export default fp(
  async (fastify) => {
    const connectSrc = [...APP_CSP_DIRECTIVES.connectSrc, ...providerOrigins(await fastify.appConfig.current())];
    const scriptSrc = [...APP_CSP_DIRECTIVES.scriptSrc, ...builtPageHashes(fastify.env.STATIC_DIR)];
    const directives = { ...APP_CSP_DIRECTIVES, connectSrc, scriptSrc };
    const applySecurityHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives } });
    fastify.addHook('onRequest', (request, reply, done) => {
      applySecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'helmet', dependencies: ['app-config'] },
);
