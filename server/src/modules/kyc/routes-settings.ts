import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorReply } from '../../../../common/schemas.js';
import type { KycServices } from './index.js';
import { KycSettings } from './schemas.js';
import { SETTINGS_FORM } from './settings.js';

const tags = ['kyc'];

export function settingsRoutes(services: KycServices): FastifyPluginAsyncTypebox {
  return async (fastify) => {
    fastify.get(
      '/be-api-management/kyc/settings',
      {
        // Every reviewer's screen says whether files are scanned: readable by every role of the area.
        config: { access: { resource: 'kyc-documents', action: 'list' } },
        schema: { tags, summary: 'The scanning policy, whether a scanner is configured, and the pinned UIDAI certificate', response: { 200: KycSettings, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply } },
      },
      async () => services.settings.get(),
    );

    fastify.put(
      '/be-api-management/kyc/settings',
      {
        config: { access: { resource: 'kyc-settings', action: 'edit' }, upload: SETTINGS_FORM },
        schema: {
          tags,
          summary: 'Admin+: multipart `scanPolicy` (required | off) and an optional file `certificate` (PEM or DER) to pin; audited',
          consumes: ['multipart/form-data'],
          response: { 200: KycSettings, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 413: ErrorReply, 422: ErrorReply },
        },
      },
      async (request) => services.settings.update(request.actor, request),
    );
  };
}
