// The one upload guard (lib/upload-guard): it registers @fastify/multipart once and checks each
// multipart route as it is registered, so it loads with the app plugins, before every module.
export { uploadGuard as default } from '../../lib/upload-guard/index.js';
