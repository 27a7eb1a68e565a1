import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

// Fastify compiles every route's request validator (ajv) and response serializer
// (fast-json-stringify) while the app starts: half a second of the cold start, for
// routes most instances never see in their first minute. These are Fastify's own
// compilers, unchanged, behind a wrapper that compiles a schema on its first use, or
// in the background once the server listens (compilePending), whichever comes first.

type Callable = (...args: never[]) => unknown;
type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type CompilersFactory = NonNullable<SchemaController['compilersFactory']>;
type BuildValidator = NonNullable<CompilersFactory['buildValidator']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;

/** A function that compiles `compile()` once, on its first call or when `pending` is worked through. */
function lazy<F extends Callable>(pending: Set<() => void>, compile: () => F): F {
  let compiled: (F & { errors?: unknown }) | undefined;
  const ensure = () => {
    pending.delete(ensure);
    compiled ??= compile();
    return compiled;
  };
  pending.add(ensure);
  const call = function (this: unknown, ...args: Parameters<F>) {
    const target = ensure();
    const result = target.apply(this, args);
    // Fastify reads a failed validation's reasons from the function it was given.
    (call as { errors?: unknown }).errors = target.errors;
    return result;
  };
  return call as unknown as F;
}

export interface LazySchemaCompilers {
  /** Fastify's `schemaController` option: its default compilers, compiled lazily. */
  schemaController: SchemaController;
  /**
   * Compiles what no request has needed yet, a few at a time between the event loop's
   * turns, so requests arriving meanwhile are not held up. Resolves once none is left;
   * a schema that does not compile is reported to `onError` and fails its route's
   * requests as it would have failed the start.
   */
  compilePending(onError: (error: unknown) => void, sliceMs?: number): Promise<void>;
}

/** One app's compilers: what they have not compiled yet is the app's, and goes with it. */
export function lazySchemaCompilers(): LazySchemaCompilers {
  const pending = new Set<() => void>();
  const buildValidator = AjvCompiler() as unknown as BuildValidator;
  const buildSerializer = SerializerSelector() as unknown as BuildSerializer;
  const schemaController: SchemaController = {
    compilersFactory: {
      buildValidator: (externalSchemas, options) => {
        const compiler = buildValidator(externalSchemas, options);
        type Validator = ReturnType<typeof compiler>;
        return (route) => lazy(pending, () => compiler(route) as unknown as Callable) as unknown as Validator;
      },
      buildSerializer: (externalSchemas, options) => {
        const compiler = buildSerializer(externalSchemas, options);
        return (route) => lazy(pending, () => compiler(route) as Callable) as (data: unknown) => string;
      },
    },
  };

  async function compilePending(onError: (error: unknown) => void, sliceMs = 8): Promise<void> {
    while (pending.size > 0) {
      const started = performance.now();
      for (const ensure of pending) {
        try {
          ensure();
        } catch (error) {
          onError(error);
        }
        if (performance.now() - started > sliceMs) break;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return { schemaController, compilePending };
}
