import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';
import { fieldErrors } from '../../contract/validation';
import { HttpError } from './http-errors';

/**
 * How routes declare their schemas (contract/ is the single source of truth):
 * - input (body, querystring, params): the contract's valibot schemas, run by `valibotValidatorCompiler`, so a
 *   rejected request carries the contract's own messages as `{errors: {field: [messages]}}`;
 * - output: the contract's valibot schemas converted once, at start, to JSON Schema (`responseSchema`), so
 *   Fastify's fast-json-stringify serialises answers and a handler cannot leak a field by accident.
 */

declare const valibotOrigin: unique symbol;

/** A JSON Schema that remembers, in the type system only, which valibot schema it came from. */
export type ResponseJsonSchema<T> = Record<string, unknown> & { readonly [valibotOrigin]?: T };

export interface ValibotTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  readonly serializer: this['schema'] extends ResponseJsonSchema<infer T> ? T : unknown;
}

function isValibotSchema(value: unknown): value is v.GenericSchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
}

/** Body problems are 422 (well-formed JSON, wrong content); query and path problems are 400. */
export const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({
  schema,
  httpPart,
  method,
  url,
}) => {
  if (!isValibotSchema(schema)) {
    throw new Error(`${method} ${url}: the ${httpPart ?? 'input'} schema must be a valibot schema.`);
  }
  const statusCode = httpPart === 'body' ? 422 : 400;
  return (data: unknown) => {
    const arrayAt = arrayWhereObjectExpected(schema, data, []);
    if (arrayAt) {
      const field = arrayAt.length > 0 ? arrayAt.join('.') : 'body';
      return {
        error: new HttpError(statusCode, 'validation_failed', 'Please check the fields and try again.', {
          [field]: [`Expected ${field} to be an object but received an array.`],
        }),
      };
    }
    const result = v.safeParse(schema, data);
    if (result.success) return { value: result.output };
    return {
      error: new HttpError(
        statusCode,
        'validation_failed',
        'Please check the fields and try again.',
        fieldErrors(result.issues),
      ),
    };
  };
};

const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);
const WRAPPER_TYPES = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'undefinedable']);

/**
 * valibot's object schemas accept an array (it is an object to `typeof`) and read it as an empty object, so
 * `PATCH /api/auth/me` with `[]` would succeed as "no change". This walks the schema alongside the data and
 * answers the path of the first array sitting where an object is expected (null when there is none).
 */
function arrayWhereObjectExpected(schema: v.GenericSchema, data: unknown, path: string[]): string[] | null {
  const node = schema as v.GenericSchema & {
    pipe?: readonly v.GenericSchema[];
    wrapped?: v.GenericSchema;
    entries?: Record<string, v.GenericSchema>;
  };
  if (node.pipe?.[0] && node.pipe[0] !== schema) return arrayWhereObjectExpected(node.pipe[0], data, path);
  if (WRAPPER_TYPES.has(node.type) && node.wrapped) return arrayWhereObjectExpected(node.wrapped, data, path);
  if (!OBJECT_TYPES.has(node.type) || !node.entries) return null;
  if (Array.isArray(data)) return path;
  if (typeof data !== 'object' || data === null) return null;
  for (const [key, entry] of Object.entries(node.entries)) {
    const found = arrayWhereObjectExpected(entry, (data as Record<string, unknown>)[key], [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Converts a contract schema for the serializer; throws at start if the schema cannot be expressed. */
export function responseSchema<const TSchema extends v.GenericSchema>(
  schema: TSchema,
): ResponseJsonSchema<v.InferInput<TSchema>> {
  const { $schema: _dialect, ...jsonSchema } = toJsonSchema(schema, {
    typeMode: 'input',
    errorMode: 'throw',
  }) as Record<string, unknown>;
  return simplifyUnions(jsonSchema) as ResponseJsonSchema<v.InferInput<TSchema>>;
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * `nullable(string())` converts to `anyOf: [{type: string}, {type: null}]`, which fast-json-stringify
 * serialises by running a validator per value; the equivalent `type: ['string', 'null']` is a typeof check.
 * Scalar unions, nullable picklists and "object or null" are rewritten that way; anything else keeps its anyOf.
 */
function simplifyUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyUnions);
  if (typeof node !== 'object' || node === null) return node;
  const simplified = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, simplifyUnions(value)]),
  );
  const branches = simplified.anyOf;
  if (!Array.isArray(branches)) return simplified;
  const flattened = branches.flatMap((branch) =>
    isPlainUnion(branch) ? (branch as { anyOf: unknown[] }).anyOf : [branch],
  ) as Record<string, unknown>[];
  const { anyOf: _branches, ...rest } = simplified;
  if (flattened.every(isScalarTypeOnly)) {
    return { ...rest, type: [...new Set(flattened.flatMap((branch) => branch.type as string | string[]))] };
  }
  const picklist = mergeEnums(flattened);
  if (picklist) return { ...rest, ...picklist };
  // An optional object (`nullish(object(...))`): one object branch plus null.
  const objects = flattened.filter((branch) => branch.type === 'object');
  const others = flattened.filter((branch) => branch.type !== 'object');
  if (
    objects.length === 1 &&
    others.length === 1 &&
    others[0]?.type === 'null' &&
    Object.keys(others[0]).length === 1
  ) {
    return { ...rest, ...objects[0], type: ['object', 'null'] };
  }
  return simplified;
}

function isPlainUnion(branch: unknown): boolean {
  return typeof branch === 'object' && branch !== null && Object.keys(branch).join() === 'anyOf';
}

function isScalarTypeOnly(branch: Record<string, unknown>): boolean {
  const types = Array.isArray(branch.type) ? branch.type : [branch.type];
  return Object.keys(branch).join() === 'type' && types.every((type) => SCALAR_TYPES.has(String(type)));
}

/** `picklist` branches (`{enum, type}`) next to `{type: 'null'}`: one enum that includes null. */
function mergeEnums(branches: Record<string, unknown>[]): Record<string, unknown> | null {
  const valued = branches.filter((branch) => branch.type !== 'null');
  const nullable = valued.length < branches.length;
  const allEnums = valued.every(
    (branch) =>
      Array.isArray(branch.enum) && typeof branch.type === 'string' && Object.keys(branch).length === 2,
  );
  if (!allEnums || valued.length === 0) return null;
  const types = [...new Set(valued.map((branch) => branch.type as string)), ...(nullable ? ['null'] : [])];
  const values = [...valued.flatMap((branch) => branch.enum as unknown[]), ...(nullable ? [null] : [])];
  return { type: types, enum: values };
}
