import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { MONEY_INPUT_PATTERN } from '@strongroom/shared';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { OPERATION_IDS } from '../../src/common/operation-ids';
import { API_TAGS } from '../../src/common/openapi-contract';
import { moneySchema } from '../../src/common/route-schemas';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../../..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Schema {
  type?: string | string[];
  pattern?: string;
  format?: string;
  example?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

function operationsOf(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })));
}

/** Every schema in `schema` (itself, its properties and items, deeply). */
function* schemasIn(schema: Schema | undefined): Generator<Schema> {
  if (!schema || typeof schema !== 'object') return;
  yield schema;
  for (const property of Object.values(schema.properties ?? {})) yield* schemasIn(property);
  yield* schemasIn(schema.items);
}

/** Redocly's CLI (what a third party runs) on the document, with the repository's redocly.yaml. */
async function redoclyLint(doc: Document) {
  const dir = mkdtempSync(join(tmpdir(), 'strongroom-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const args = [cli, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000'];
    // The CLI exits non-zero when it finds errors; its JSON report is on stdout either way.
    const { stdout } = await run(process.execPath, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
    );
    return JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the published API contract (GET /docs/json)', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://bank.test' });
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it("passes Redocly's recommended rules with no error", async () => {
    const report = await redoclyLint(doc);
    const errors = report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('names each operation by its declared operationId, every declared name in use', () => {
    const declared = Object.fromEntries(Object.entries(OPERATION_IDS).map(([key, id]) => [key.replace(/:(\w+)/g, '{$1}'), id]));
    const published = Object.fromEntries(operationsOf(doc).map(({ path, method, operation }) => [`${method.toUpperCase()} ${path}`, operation.operationId]));
    expect(published).toEqual(declared);
    expect(new Set(Object.values(published)).size).toBe(Object.keys(published).length);
    for (const id of Object.values(published)) expect(id).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('serves from PUBLIC_URL, tags every operation with a declared tag, and answers every operation with 2xx and the error envelope on 4xx', () => {
    expect(doc.servers).toEqual([{ url: 'https://bank.test', description: expect.any(String) }]);
    const tags = new Set(API_TAGS.map((tag) => tag.name));
    for (const { path, method, operation } of operationsOf(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect({ where, tagged: (operation.tags ?? []).length > 0 && operation.tags!.every((tag) => tags.has(tag)) }).toEqual({ where, tagged: true });
      const statuses = Object.keys(operation.responses);
      expect({ where, success: statuses.some((status) => /^2/.test(status)) }).toEqual({ where, success: true });
      const refusal = statuses.find((status) => /^4/.test(status));
      const envelope = refusal ? operation.responses[refusal].content?.['application/json']?.schema : undefined;
      expect({ where, envelope: envelope?.properties?.success && envelope.properties.error }).toEqual({ where, envelope: { type: 'string' } });
    }
  });

  it('states money as a decimal string with its pattern and an example, in requests and answers', () => {
    const moneyPatterns = new Set([MONEY_INPUT_PATTERN, moneySchema.pattern]);
    const amountNames = /amount|balance|fee|price|credit|limit|total|value|holds/i;
    const unpatterned: string[] = [];
    let amountsSeen = 0;
    for (const { path, method, operation } of operationsOf(doc)) {
      const bodies = [...Object.values(operation.requestBody?.content ?? {}), ...Object.values(operation.responses).flatMap((response) => Object.values(response.content ?? {}))];
      for (const schema of bodies.flatMap((media) => [...schemasIn(media.schema)])) {
        expect(schema.type).not.toEqual([]);
        // An amount given as text says its form (a time such as priceUpdatedAt says its format instead).
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if (amountNames.test(name) && property.type === 'string' && !property.pattern && !property.format) unpatterned.push(`${method} ${path} ${name}`);
        }
        if (schema.pattern && moneyPatterns.has(schema.pattern)) {
          amountsSeen += 1;
          expect({ where: `${method} ${path}`, type: schema.type, example: typeof schema.example }).toEqual({ where: `${method} ${path}`, type: 'string', example: 'string' });
          expect(String(schema.example)).toMatch(new RegExp(schema.pattern));
        }
      }
    }
    expect(amountsSeen).toBeGreaterThan(20);
    expect(unpatterned).toEqual([]);
    const sameBank = doc.paths['/v1/transfer/same']!.post!.requestBody!.content['application/json'].schema;
    expect(sameBank.properties!.amount).toMatchObject({ type: 'string', pattern: MONEY_INPUT_PATTERN });
  });

  it('declares security exactly where a caller without credentials is refused with 401', async () => {
    const mismatched: string[] = [];
    for (const { path, method, operation } of operationsOf(doc)) {
      // Any well-formed value for the path's parameters: the guard answers before the record is looked for.
      const url = path.replace(/\{accountNumber\}/g, '1000000001').replace(/\{(\w+)\}/g, () => randomUUID());
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, ...(method === 'get' || method === 'delete' ? {} : { payload: {} }) });
      const secured = (operation.security ?? []).length > 0;
      if (secured !== (res.statusCode === 401)) mismatched.push(`${method.toUpperCase()} ${path}: security ${JSON.stringify(operation.security)}, answered ${res.statusCode}`);
    }
    expect(mismatched).toEqual([]);
    // A write with a session cookie also needs the CSRF header; the Bearer token alone is enough.
    expect(doc.paths['/v1/transfer/same']!.post!.security).toEqual([{ customerSession: [], csrfToken: [] }, { bearer: [] }]);
    expect(doc.paths['/v1/transaction']!.get!.security).toEqual([{ customerSession: [] }, { bearer: [] }]);
  }, 120_000);

  it('has no two operations a request could both reach (templates that cross differ in method or in a parameter pattern)', () => {
    const isParam = (segment: string) => segment.startsWith('{');
    const patternOf = (operation: Operation, param: string) => operation.parameters?.find((p) => p.in === 'path' && `{${p.name}}` === param)?.schema?.pattern;
    const operations = operationsOf(doc);
    const clashes: string[] = [];
    for (const a of operations) {
      for (const b of operations) {
        const left = a.path.split('/');
        const right = b.path.split('/');
        if (a.path >= b.path || a.method !== b.method || left.length !== right.length) continue;
        if (left.some((segment, i) => !isParam(segment) && !isParam(right[i]) && segment !== right[i])) continue;
        // OpenAPI matches a fixed segment before a template, so /x/fixed beside /x/{id} is plain; two templates
        // that cross (/x/fixed/{p} beside /x/{id}/fixed) are what a client or gateway cannot tell apart...
        const crossings = left.flatMap((segment, i) =>
          isParam(segment) !== isParam(right[i]) ? [isParam(segment) ? { param: segment, fixed: right[i], op: a.operation } : { param: right[i], fixed: segment, op: b.operation }] : [],
        );
        const bothWays = crossings.some((c) => c.op === a.operation) && crossings.some((c) => c.op === b.operation);
        // ...unless a parameter's pattern refuses the fixed segment it faces.
        const separated = crossings.some((c) => {
          const pattern = patternOf(c.op, c.param);
          return pattern !== undefined && !new RegExp(pattern).test(c.fixed);
        });
        if (bothWays && !separated) clashes.push(`${a.method.toUpperCase()} ${a.path} and ${b.path}`);
      }
    }
    expect(clashes).toEqual([]);
    // The pairs Redocly's no-ambiguous-paths reports (switched off in redocly.yaml) are all told apart so.
    expect(doc.paths['/v1/cheque/user/{userId}']!.get).toBeDefined();
    expect(doc.paths['/v1/cheque/{id}/approve']!.get).toBeUndefined();
  });
});
