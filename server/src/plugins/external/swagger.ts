import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { SEAL_HEADERS } from '../../../../common/protocol/constants.js';
import { describeUpload } from '../../lib/upload-guard/policy.js';

/** The API description comes from the route schemas, each sealed route marked with the `sealed` scheme. */
export default fp(
  async (fastify) => {
    const apiPrefix = fastify.apiPrefix;
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${fastify.env.PRODUCT} UI service`,
          version: '1',
          description:
            'Routes marked with the `sealed` security scheme need the four request-sealing headers of PROTOCOL.md; ' +
            'every answer to them carries a fresh `rc-key` header.',
        },
        components: {
          securitySchemes: {
            sealed: {
              type: 'apiKey',
              in: 'header',
              name: SEAL_HEADERS.authorization,
              description: `Bearer AES ciphertext, with ${SEAL_HEADERS.encryptedKey}, ${SEAL_HEADERS.keyPadding} and ${SEAL_HEADERS.uniqueReqId}`,
            },
          },
        },
      },
      // Only the API: the SPA's files and redirects are not part of the contract.
      transform: ({ schema, url, route }) => {
        const hide = !url.startsWith(`${apiPrefix}/`);
        const access = route.config?.access;
        const security = access && access !== 'anonymous' ? [{ sealed: [] }] : undefined;
        // A multipart route's form and the upload guard's policy for it (`x-upload`).
        const upload = describeUpload(schema?.consumes as readonly string[] | undefined, route.config?.upload);
        return { schema: { ...schema, ...upload, hide: hide || schema?.hide, ...(security ? { security } : {}) }, url };
      },
    });
    // The app's CSP suits swagger-ui as it is (checked in Chromium): no relaxation needed.
    // The validator would fetch from another origin, which that CSP forbids.
    await fastify.register(swaggerUi, { routePrefix: `${apiPrefix}/docs`, uiConfig: { validatorUrl: null } });
  },
  { name: 'swagger', decorators: { fastify: ['apiPrefix', 'env'] } },
);
