// fast-check arbitraries for requests to every route of the OpenAPI document (app.swagger()): valid-looking,
// boundary and malformed bodies, path parameters and query strings, with or without a session.
import fc from 'fast-check';

export interface Operation {
  method: string;
  /** Fastify-style path: /v1/transfer/recipient/{accountNumber}. */
  path: string;
  params: string[];
  bodySchema?: JsonSchema;
  querySchema?: JsonSchema;
  /** Staff routes get a staff session, the others a customer one (when the request carries a session). */
  staff: boolean;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  session: 'valid' | 'none' | 'other-kind' | 'no-csrf';
  /** What was generated, for the failure report. */
  label: string;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: JsonSchema }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

/** Every operation the document lists (hidden routes such as /readyz are not in it). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      operations.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .concat([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))
          .filter((v, i, all) => all.indexOf(v) === i),
        bodySchema: op.requestBody?.content?.['application/json']?.schema,
        querySchema: query.length ? { type: 'object', properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])) } : undefined,
        staff: path.startsWith('/v1/admin') || /\/(approve|reject)$/.test(path),
      });
    }
  }
  return operations;
}

/** Field names the API's schemas use, so that generated objects often reach the validation and the service. */
const FIELDS = [
  'accountNumber',
  'password',
  'email',
  'pin',
  'transactionPin',
  'amount',
  'currency',
  'recipientAccountNumber',
  'recipientName',
  'recipientBankName',
  'recipientEmail',
  'recipientPhone',
  'recipientCountry',
  'swiftCode',
  'iban',
  'memo',
  'transferDate',
  'transferId',
  'code',
  'reason',
  'senderName',
  'senderBank',
  'reference',
  'firstName',
  'lastName',
  'middleName',
  'dob',
  'country',
  'state',
  'city',
  'zipcode',
  'phone',
  'address',
  'occupation',
  'incomeRange',
  'accountType',
  'image',
  'currentPassword',
  'newPassword',
  'token',
  'type',
  'page',
  'pageSize',
  'status',
  'from',
  'to',
  'q',
  'sort',
  'range',
  'filter',
  'emailNotifications',
  'transactionAlerts',
];

const huge = fc.constantFrom('x'.repeat(1024 * 1024), '9'.repeat(1024 * 1024), `${'é'.repeat(300_000)}`);
const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e400',
  'NaN',
  'Infinity',
  '0.001',
  '99999999999999999999.99',
  '1,000.00',
  '2468',
  '12345678901',
  '2026-02-30',
  '9999-12-31',
  '00000000-0000-0000-0000-000000000000',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u0000',
  '\ud800',
  '../../etc/passwd',
  '%00',
  'null',
  'true',
  '{}',
  '[]',
  'USD',
  'XXX',
);

/** Values a field might hold: right, boundary or wrong type. */
function valueArb(depth: number): fc.Arbitrary<unknown> {
  const leaves: fc.Arbitrary<unknown>[] = [
    fc.string({ maxLength: 40 }),
    nasty,
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, 0, -0, Number.MAX_SAFE_INTEGER, 1e21),
    fc.uuid(),
    fc.emailAddress(),
    fc.stringMatching(/^\d{1,12}(\.\d{1,3})?$/),
  ];
  if (depth <= 0) return fc.oneof(...leaves);
  return fc.oneof(
    { weight: 8, arbitrary: fc.oneof(...leaves) },
    { weight: 1, arbitrary: fc.array(valueArb(depth - 1), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), valueArb(depth - 1), { maxKeys: 3 }) },
  );
}

/** A value that fits a JSON schema, or a boundary case of it. */
function fromSchema(schema: JsonSchema | undefined, depth = 3): fc.Arbitrary<unknown> {
  if (!schema || depth <= 0) return valueArb(1);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      if (!props.length) return fc.dictionary(fc.constantFrom(...FIELDS), valueArb(1), { maxKeys: 6 });
      return fc.record(Object.fromEntries(props.map(([k, s]) => [k, fromSchema(s, depth - 1)])), { requiredKeys: schema.required?.filter((k) => schema.properties?.[k]) ?? [] });
    }
    case 'array':
      return fc.array(fromSchema(schema.items, depth - 1), { maxLength: 4 });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) });
    default:
      return valueArb(1);
  }
}

/** Percent-encoding; a lone surrogate (not encodable) becomes its raw, invalid UTF-8 bytes: malformed on purpose. */
function encode(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function deep(depth: number, array: boolean): string {
  return array ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A body and its content type: valid-looking, malformed JSON, hostile JSON, or not JSON at all. */
function bodyArb(op: Operation): fc.Arbitrary<{ contentType?: string; payload?: string | Buffer; label: string }> {
  const json = (label: string) => (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value), label });
  const plausible = op.bodySchema ? fromSchema(op.bodySchema) : fc.dictionary(fc.constantFrom(...FIELDS), valueArb(1), { maxKeys: 8 });
  return fc.oneof(
    { weight: 6, arbitrary: plausible.map(json('plausible')) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), valueArb(2), { maxKeys: 8 }).map(json('wrong types')) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), fc.constant(null), { maxKeys: 8 }).map(json('nulls')) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FIELDS), huge).map(([k, v]) => json('1 MB string')({ [k]: v })) },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean()).map(([d, a]) => ({ contentType: 'application/json', payload: deep(d, a), label: `nesting ${d}` })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype').map((k) => ({
        contentType: 'application/json',
        payload: `{"${k}":{"isAdmin":true,"polluted":1,"prototype":{"x":1}},"amount":"1.00","pin":"2468"}`,
        label: `${k} key`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"amount":1e400}', '{"amount":-1e400,"page":1e400}', '1e400', '{"pageSize":1e400}').map((p) => ({ contentType: 'application/json', payload: p, label: '1e400' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', "{'a':1}", '{"a":1,}', 'undefined', '\u0000', '{"a":"\\ud800"}', '\ufeff{}')
        .map((p) => ({ contentType: 'application/json', payload: p, label: 'invalid JSON' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'multipart/form-data',
            'application/json; charset=utf-16',
            'image/png',
            'application/octet-stream',
          ),
          fc.string({ maxLength: 200 }),
        )
        .map(([contentType, payload]) => ({ contentType, payload, label: `content type ${contentType}` })),
    },
    { weight: 1, arbitrary: fc.constantFrom({ contentType: 'application/json', payload: '', label: 'empty JSON body' }, { contentType: undefined, payload: undefined, label: 'no body' }) },
    { weight: 1, arbitrary: fc.array(valueArb(1), { maxLength: 4 }).map(json('array for an object')) },
    { weight: 1, arbitrary: fc.constantFrom('"a string"', '42', 'null', 'true').map((p) => ({ contentType: 'application/json', payload: p, label: 'scalar for an object' })) },
  );
}

const paramArb = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.stringMatching(/^\d{10}$/) },
  { weight: 2, arbitrary: nasty },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(5000)) },
);

function queryArb(op: Operation): fc.Arbitrary<string> {
  const pairs = fc.array(
    fc.tuple(fc.constantFrom(...FIELDS, 'type', 'amount', 'page', 'pageSize', 'range', 'sort', 'filter'), fc.oneof(nasty, fc.string({ maxLength: 30 }), fc.integer().map(String))),
    { maxLength: 5 },
  );
  const fromDoc = op.querySchema
    ? fromSchema(op.querySchema).map((v) => Object.entries((v ?? {}) as Record<string, unknown>).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)] as [string, string]))
    : fc.constant([] as [string, string][]);
  return fc
    .oneof(
      pairs,
      fromDoc,
      fc.constant([
        ['filter', '{"q":'],
        ['range', '[0,1e400]'],
        ['sort', '["__proto__","ASC"]'],
      ] as [string, string][]),
    )
    .map((list) => (list.length ? `?${list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : ''));
}

/** Requests for every operation, weighted evenly across routes. */
export function requestArb(operations: Operation[]): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { contentType?: string; staff: boolean }> {
  return fc.constantFrom(...operations).chain((op) =>
    fc
      .record({
        params: fc.array(paramArb, { minLength: op.params.length, maxLength: op.params.length }),
        query: queryArb(op),
        body: op.method === 'GET' ? fc.constant({ contentType: undefined, payload: undefined, label: 'no body' }) : bodyArb(op),
        session: fc.constantFrom<FuzzRequest['session']>('valid', 'valid', 'valid', 'valid', 'none', 'other-kind', 'no-csrf'),
      })
      .map(({ params, query, body, session }) => {
        let path = op.path;
        op.params.forEach((name, i) => (path = path.replace(`{${name}}`, encode(params[i]))));
        return {
          method: op.method,
          url: `${path}${query}`,
          payload: body.payload,
          contentType: body.contentType,
          session,
          staff: op.staff,
          label: `${op.method} ${op.path} [${body.label}, session ${session}]`,
        };
      }),
  );
}
