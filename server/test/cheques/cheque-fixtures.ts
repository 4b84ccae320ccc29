import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { JPEG_HEADER, PNG_1X1, type Session } from '../helpers/test-app';

/** A distinct image each call (a real PNG with bytes after its end), so no two deposits share a front image. */
export const uniquePng = () => Buffer.concat([PNG_1X1, randomBytes(16)]);
export const uniqueJpeg = () => Buffer.concat([JPEG_HEADER, randomBytes(64)]);

export interface UploadFile {
  field: string;
  bytes: Buffer;
  type?: string;
  name?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(fields: Record<string, string>, files: UploadFile[]) {
  const boundary = `----strongroom${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name ?? `${file.field}.png`}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let chequeCounter = 0;
/** The details of a fresh cheque (a number never used before in this run). */
export function chequeFields(overrides: Record<string, string> = {}): Record<string, string> {
  chequeCounter += 1;
  return {
    amount: '250.00',
    chequeNumber: `${100000 + chequeCounter}${randomBytes(2).toString('hex')}`,
    bankName: 'First National Bank',
    accountNumber: '12345678',
    currency: 'USD',
    issueDate: '2026-01-15',
    note: 'Rent refund',
    ...overrides,
  };
}

export interface DepositOptions {
  fields?: Record<string, string>;
  files?: UploadFile[];
  headers?: Record<string, string>;
}

/** POST /v1/cheque as the customer's browser would; front and back are fresh PNGs unless given. */
export function deposit(app: FastifyInstance, session: Session, opts: DepositOptions = {}): Promise<LightMyRequestResponse> {
  const files = opts.files ?? [
    { field: 'frontImage', bytes: uniquePng() },
    { field: 'backImage', bytes: uniquePng() },
  ];
  const body = multipartBody(opts.fields ?? chequeFields(), files);
  return app.inject({ method: 'POST', url: '/v1/cheque', payload: body.payload, headers: { ...session.headers, ...body.headers, ...opts.headers } });
}

/** Deposits a cheque and returns its id (fails the test if refused). */
export async function depositedChequeId(app: FastifyInstance, session: Session, fields: Record<string, string> = {}): Promise<string> {
  const res = await deposit(app, session, { fields: chequeFields(fields) });
  if (res.statusCode !== 201) throw new Error(`deposit failed ${res.statusCode}: ${res.body}`);
  return res.json().cheque.id as string;
}

export async function balanceOf(app: FastifyInstance, customerId: string): Promise<string> {
  const [row] = await app.db.query(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE customer_id = $1`, [customerId]);
  return row.b as string;
}
