import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import type { ZodTypeAny } from 'zod';
import fastJson from 'fast-json-stringify';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { NotFoundError } from '../errors';
import { badRequest } from '../validate';

/**
 * Routes declare their contracts (decision 017): params, querystring and body are
 * parsed with their contracts/ zod schemas (the handler gets the parsed value), and
 * answers are written by a serialiser compiled once per route from the answer
 * schema's JSON Schema (fast-json-stringify), so an answer carries only the
 * declared fields. The types come from fastify-type-provider-zod's ZodTypeProvider.
 */
export function registerContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/**
 * A bad path id names nothing: 404 with the schema's message (the area's "... not
 * found"); a bad query or body: 400 with every bad field's message (validate.ts).
 * A missing body is parsed as `{}`, so each required field is named.
 */
const validatorCompiler: FastifySchemaCompiler<ZodTypeAny> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    if (httpPart === 'params') return { error: new NotFoundError(result.error.issues[0]?.message) };
    return { error: badRequest(result.error) };
  };

/** Compiled once per route and status: JSON Schema from zod (Dates as ISO strings), then fast-json-stringify. */
const serializerCompiler: FastifySerializerCompiler<ZodTypeAny> = ({ schema }) =>
  fastJson(zodToJsonSchema(schema, { $refStrategy: 'none', target: 'jsonSchema7' }) as never) as (data: unknown) => string;
