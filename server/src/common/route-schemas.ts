import Ajv from 'ajv';
import * as yup from 'yup';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { Converter } from '@sodaru/yup-to-json-schema/dist/types';
import type { JSONSchema7, JSONSchema7Type } from 'json-schema';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { ASSET_UNITS_PATTERN, MONEY_INPUT_PATTERN, type WireFormat } from '@strongroom/shared';
import { AppError, notFound } from './app-error';
import { UUID_PATTERN } from './ids';

/**
 * Route contracts: a route declares yup schemas (the same ones the browser forms use, with the spec's messages)
 * for body, querystring and params, and Fastify validates them before the handler runs; /docs shows them as
 * JSON Schema. Response schemas stay JSON Schema (Fastify serializes with them).
 */
const isYup = (schema: unknown): schema is yup.AnySchema => !!schema && typeof schema === 'object' && (schema as { __isYupSchema__?: boolean }).__isYupSchema__ === true;

const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false });

export const yupValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isYup(schema)) return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
  // Bodies are strict (a number where text belongs is an error); query strings and params arrive as text and are cast.
  const strict = httpPart === 'body';
  return (data: unknown) => {
    if (httpPart === 'body' && (data === null || data === undefined || typeof data !== 'object' || Array.isArray(data))) {
      return { error: new AppError(400, 'The request body must be a JSON object') };
    }
    try {
      return { value: schema.validateSync(data ?? {}, { abortEarly: false, strict, stripUnknown: false }) };
    } catch (err) {
      // A malformed id names nothing that exists: the same 404 as an id that is not there.
      if (httpPart === 'params' && err instanceof yup.ValidationError) return { error: notFound(err.errors[0] ?? 'Not found') };
      return { error: err as Error };
    }
  };
};

/** What the fields shared marks with `wireMeta` (yup can only call them `mixed`: text or a number) are on the wire. */
const WIRE_SCHEMAS: Record<WireFormat, JSONSchema7> = {
  money: { type: 'string', pattern: MONEY_INPUT_PATTERN, examples: ['125.00'], description: 'An amount: a decimal string, at most two decimals' },
  assetUnits: { type: 'string', pattern: ASSET_UNITS_PATTERN, examples: ['0.015'], description: 'A quantity of an asset: a decimal string, at most six decimals' },
};

/**
 * yup's `mixed` as JSON Schema. The library's own converter lists the types it can infer, and for a field with
 * neither choices nor a default that list is empty (`type: []`, which accepts nothing and is not valid OpenAPI):
 * a marked field takes its wire format, any other is left open (no `type`: any value).
 */
const mixedConverter: Converter = (description) => {
  const meta = (description.meta ?? {}) as { wire?: WireFormat; jsonSchema?: JSONSchema7 };
  if (meta.wire) return Object.assign({}, WIRE_SCHEMAS[meta.wire], meta.jsonSchema);
  const schema: JSONSchema7 = {};
  const choices = 'oneOf' in description ? (description.oneOf as JSONSchema7Type[]) : [];
  if (choices.length > 0) schema.enum = choices;
  if (description.label) schema.title = description.label;
  return Object.assign(schema, meta.jsonSchema);
};

/**
 * yup's `object` as JSON Schema: the library's, except that a field whose own test refuses a missing value (a
 * marked amount) is required too, and the empty default yup gives every object is left out.
 */
const objectConverter: Converter = (description, converters) => {
  const fields = (description as { fields?: Record<string, yup.SchemaDescription> }).fields ?? {};
  const properties: Record<string, JSONSchema7> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    properties[name] = converters[field.type as keyof typeof converters](field, converters);
    if (!field.optional || (field.meta as { required?: boolean } | undefined)?.required) required.push(name);
  }
  const schema: JSONSchema7 = { type: description.nullable ? ['object', 'null'] : 'object' };
  if (description.label) schema.title = description.label;
  if (Object.keys(properties).length > 0) schema.properties = properties;
  if (required.length > 0) schema.required = required;
  return Object.assign(schema, (description.meta as { jsonSchema?: JSONSchema7 } | undefined)?.jsonSchema);
};

/** A yup schema as JSON Schema, for the API's published contract. */
export const toJsonSchema = (schema: yup.AnySchema): JSONSchema7 => convertSchema(schema as never, { converters: { mixed: mixedConverter, object: objectConverter } as never });

/** @fastify/swagger transform: yup parts of a route's schema shown as JSON Schema. */
export function swaggerTransform({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema) return { schema, url };
  const converted: Record<string, unknown> = { ...schema };
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    const value = (schema as Record<string, unknown>)[part];
    if (isYup(value)) converted[part] = toJsonSchema(value);
  }
  return { schema: converted as FastifySchema, url };
}

export const uuid = (message = 'Not found') => yup.string().required(message).matches(UUID_PATTERN, message);

/** `:id` of a record: a UUID; anything else is answered 404 (with `notFoundMessage`) like a missing record. */
export const idParamsFor = (notFoundMessage: string) => yup.object({ id: uuid(notFoundMessage) }).noUnknown();
export const idParams = idParamsFor('Not found');

/** `:userId` of the spec's per-user lists. */
export const userIdParams = yup.object({ userId: uuid() }).noUnknown();

/** `{ success: true, message?, ...properties }`; other fields are passed through as they are. */
export function okResponse(properties: Record<string, unknown> = {}, description?: string) {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' }, ...properties },
    additionalProperties: true,
  };
}

export const errorResponse = {
  type: 'object',
  description: 'Refused: error is the first message, errors maps each field to its message',
  properties: { success: { type: 'boolean', enum: [false] }, error: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } } },
  additionalProperties: true,
};

/** Response schemas for a route: its success answers plus the common refusals. */
export function responses(success: Record<number, unknown>): Record<string, unknown> {
  return Object.assign({}, success, { '4xx': errorResponse });
}

/** An amount on the wire: a decimal string with exactly two decimals (shared/src/money.ts, minorToDecimal). */
export const moneySchema = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$', examples: ['125.00'] };

/** A quantity of a crypto asset in an answer: a decimal string without trailing zeros (shared/src/crypto.ts, formatUnits). */
export const assetUnitsSchema = { type: 'string', pattern: '^\\d+(\\.\\d+)?$', examples: ['0.015'] };

export const timelineSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['status', 'from', 'at', 'reason', 'by'],
    properties: {
      status: { type: 'string' },
      from: { type: ['string', 'null'] },
      at: { type: 'string', format: 'date-time' },
      reason: { type: ['string', 'null'] },
      by: { type: 'string', enum: ['you', 'Strongroom', 'system'] },
    },
  },
};
