import type { FastifyError, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldReason, ServerMessageCode } from '../../../../common/messages.js';
import { HttpError, messageBody } from '../../errors.js';
import { loggedUrl } from '../../lib/logged-url.js';
import { ruleOfDescription } from '../../../../common/schemas.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The sentence of this route's 422 for invalid input; `validation` by default. */
    validationCode?: ServerMessageCode;
  }
}

interface ValidatorParams {
  missingProperty?: string;
  additionalProperty?: string;
  limit?: number;
  format?: string;
  type?: string | string[];
  allowedValues?: unknown[];
}

/** The catalogue's reason for one validator error (compiled with verbose: the schema comes along). */
function reasonOf(error: FastifySchemaValidationError): FieldReason {
  const params = error.params as ValidatorParams;
  const schema = (error as { parentSchema?: { description?: string } }).parentSchema;
  const named = ruleOfDescription(schema?.description);
  switch (error.keyword) {
    case 'required':
      return { code: 'required' };
    case 'additionalProperties':
      return { code: 'notAllowed' };
    // Lengths and bounds say their limit; a named rule is about the value's shape.
    case 'minLength':
      return params.limit === 1 ? { code: 'required' } : { code: 'tooShort', params: { limit: params.limit ?? 0 } };
    case 'maxLength':
      return { code: 'tooLong', params: { limit: params.limit ?? 0 } };
    case 'minimum':
      return { code: 'tooSmall', params: { limit: params.limit ?? 0 } };
    case 'maximum':
      return { code: 'tooLarge', params: { limit: params.limit ?? 0 } };
    case 'enum':
      return named ?? { code: 'oneOf', params: { values: (params.allowedValues ?? []).join(', ') } };
    case 'format':
      return named ?? (params.format === 'email' ? { code: 'email' } : { code: 'format', params: { format: params.format ?? '' } });
    case 'type':
      return named ?? { code: 'type', params: { type: [params.type ?? ''].flat().join(' or ') } };
    default:
      return named ?? { code: 'invalid' };
  }
}

/** `{field: reason}` from the validator's errors; the first reason per field is the one a form shows. */
export function fieldReasons(validation: FastifySchemaValidationError[], context = 'body'): Record<string, FieldReason> {
  const reasons: Record<string, FieldReason> = {};
  for (const error of validation) {
    const params = error.params as ValidatorParams;
    const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const child = params.missingProperty ?? params.additionalProperty;
    const field = child ? [path, child].filter(Boolean).join('.') : path || context;
    reasons[field] ??= reasonOf(error);
  }
  return reasons;
}

/**
 * The one error handler: every failure answers `{message, code, errors?, reasons?}`.
 * Validation is 422 (the client maps it like the legacy statuses), client errors keep
 * their status, and a server error hides its details, which go to the log only.
 */
export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if ('validation' in error && error.validation) {
        const reasons = fieldReasons(error.validation, error.validationContext);
        const code = request.routeOptions.config?.validationCode ?? 'validation';
        return reply.code(422).send(new HttpError(422, code, reasons).toJSON());
      }
      const status = error.statusCode ?? 500;
      if (error instanceof HttpError) {
        // A 5xx a handler chose on purpose (a service it needs is down) says which, and is logged.
        if (status >= 500) request.log.warn({ code: error.code, method: request.method, url: loggedUrl(request.url) }, 'service unavailable');
        if (error.headers) reply.headers(error.headers);
        return reply.code(status).send(error.toJSON());
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (a malformed body, a wrong content type, a body over the limit).
        const code = status === 415 ? 'unsupportedMedia' : status === 413 ? 'bodyTooLarge' : 'badRequest';
        return reply.code(status).send(messageBody(code));
      }
      request.log.error({ err: error, method: request.method, url: loggedUrl(request.url) }, 'request failed');
      return reply.code(status >= 500 && status < 600 ? status : 500).send(messageBody('generic'));
    });

    fastify.setNotFoundHandler((request, reply) => {
      request.log.info({ method: request.method, url: loggedUrl(request.url) }, 'no such route');
      return reply.code(404).send(messageBody('notFound'));
    });
  },
  { name: 'error-handler' },
);
