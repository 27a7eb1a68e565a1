import type { FastifyError, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_5XX_MESSAGE, HttpError, NOT_FOUND_MESSAGE, VALIDATION_MESSAGE } from '../errors.js';

/** `{field: reason}` from the validator's errors; the first reason per field is the one a form shows. */
export function fieldErrors(validation: FastifySchemaValidationError[], context = 'body'): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const error of validation) {
    const params = error.params as { missingProperty?: string };
    const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = params.missingProperty ? [path, params.missingProperty].filter(Boolean).join('.') : path || context;
    // Compiled with verbose, so the schema's description can say what a pattern means.
    const description = (error as { parentSchema?: { description?: string } }).parentSchema?.description;
    const reason =
      error.keyword === 'required'
        ? 'is required'
        : error.keyword === 'pattern' && description
          ? `must be ${description}`
          : (error.message ?? 'is not valid');
    errors[field] ??= reason;
  }
  return errors;
}

/**
 * The one error handler: every failure answers `{message, errors?}`. Validation is 422
 * (the client maps it like the legacy statuses), client errors keep their status, and
 * a server error hides its details, which go to the log only.
 */
export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if ('validation' in error && error.validation) {
        return reply.code(422).send({ message: VALIDATION_MESSAGE, errors: fieldErrors(error.validation, error.validationContext) });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (error instanceof HttpError && error.headers) reply.headers(error.headers);
        const errors = error instanceof HttpError ? error.errors : undefined;
        return reply.code(status).send(errors ? { message: error.message, errors } : { message: error.message });
      }
      request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
      return reply.code(status >= 500 && status < 600 ? status : 500).send({ message: GENERIC_5XX_MESSAGE });
    });

    fastify.setNotFoundHandler((request, reply) => {
      request.log.info({ method: request.method, url: request.url }, 'no such route');
      return reply.code(404).send({ message: NOT_FOUND_MESSAGE });
    });
  },
  { name: 'error-handler' },
);
