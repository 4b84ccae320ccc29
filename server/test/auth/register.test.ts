import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applicationPhotos, createTestApp, enrolmentPayload, lastMail, login, pngDataUrl, staffSession, PNG_1X1, JPEG_HEADER, type TestApp } from '../helpers/test-app';

interface FilePart {
  name: string;
  bytes: Buffer;
  type: string;
  field?: string;
}

/** The smallest file a PDF reader opens: a header, a catalogue with no pages, a trailer and the end-of-file mark. */
const PDF_BILL = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

/** The form as multipart; with one file given, the proof of address is added as a good PNG. */
function multipart(fields: Record<string, string>, file: FilePart, others: FilePart[] = [{ field: 'proofOfAddress', name: 'bill.png', bytes: PNG_1X1, type: 'image/png' }]) {
  const boundary = '----strongroomtest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const part of [file, ...others]) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'image'}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`));
    parts.push(part.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /v1/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a pending customer with a 10-digit account number and a zero balance, and e-mails number and code', async () => {
    const payload = enrolmentPayload();
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...payload, ...applicationPhotos() } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: 'Application submitted successfully' });
    const mail = await lastMail(t.app, payload.email as string);
    const accountNumber = /account number: (\d{10})/i.exec(mail.bodyText)![1];
    expect(mail.bodyText).toMatch(/verification code: \d{6}/i);
    const [row] = await t.app.db.query(
      `SELECT c.status, c.email_verified_at, a.balance_minor, a.currency, c.password_hash, c.pin_hash FROM customers c JOIN ledger_accounts a ON a.customer_id = c.id WHERE c.account_number = $1`,
      [accountNumber],
    );
    expect(row).toMatchObject({ status: 'pending_review', email_verified_at: null, balance_minor: '0', currency: 'USD' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.pin_hash).toMatch(/^\$argon2id\$/);
    // The file backend writes the same message as an .eml.
    const files = readdirSync(join(t.dataDir, 'mail'));
    expect(files.some((f) => readFileSync(join(t.dataDir, 'mail', f), 'utf8').includes(accountNumber))).toBe(true);
  });

  it('accepts multipart with the passport in the field image and the proof of address in proofOfAddress, and keeps both for staff', async () => {
    const payload = enrolmentPayload() as Record<string, string>;
    const { payload: body, headers } = multipart(payload, { name: 'passport.png', bytes: PNG_1X1, type: 'image/png' });
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: body, headers });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.query(
      `SELECT p.purpose AS passport, a.purpose AS address, a.owner_customer_id = c.id AS owned FROM customers c
         JOIN stored_files p ON p.id = c.passport_file_id JOIN stored_files a ON a.id = c.proof_of_address_file_id WHERE lower(c.email) = lower($1)`,
      [payload.email],
    );
    expect(row).toEqual({ passport: 'passport', address: 'proof_of_address', owned: true });
  });

  it('refuses an application without its proof of address, checked by its bytes like the passport, and keeps no file of it', async () => {
    const payload = enrolmentPayload();
    const without = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...payload, image: pngDataUrl() } });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ success: false, error: 'Please upload a proof of address', errors: { proofOfAddress: 'Please upload a proof of address' } });
    const text = Buffer.from('a utility bill, it says');
    const { payload: body, headers } = multipart(payload as Record<string, string>, { name: 'passport.png', bytes: PNG_1X1, type: 'image/png' }, [
      { field: 'proofOfAddress', name: 'bill.png', bytes: text, type: 'image/png' },
    ]);
    const notAnImage = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: body, headers });
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json().errors).toEqual({ proofOfAddress: 'Only JPG, PNG or PDF files are allowed' });
    const [{ count }] = await t.app.db.query(`SELECT count(*)::int AS count FROM customers WHERE lower(email) = lower($1)`, [payload.email]);
    expect(count).toBe(0);
  });

  it('takes the proof of address as the PDF the bill came as, and hands it to staff as a download (docs/decisions/0049)', async () => {
    const payload = enrolmentPayload() as Record<string, string>;
    const { payload: body, headers } = multipart(payload, { name: 'passport.png', bytes: PNG_1X1, type: 'image/png' }, [
      { field: 'proofOfAddress', name: 'bill.pdf', bytes: PDF_BILL, type: 'application/pdf' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: body, headers });
    expect(res.statusCode).toBe(201);
    const [customer] = await t.app.db.query(
      `SELECT c.id, c.account_number AS "accountNumber", a.id AS "fileId", a.mime_type AS "mimeType" FROM customers c
         JOIN stored_files a ON a.id = c.proof_of_address_file_id WHERE lower(c.email) = lower($1)`,
      [payload.email],
    );
    expect(customer.mimeType).toBe('application/pdf');
    const auditor = await staffSession(t.app, 'auditor');
    const shown = await t.app.inject({ method: 'GET', url: `/v1/admin/customers/${customer.id}`, headers: { cookie: auditor.cookie } });
    expect(shown.json()).toMatchObject({ proofOfAddressImage: `/v1/files/${customer.fileId}`, proofOfAddressType: 'application/pdf' });
    const file = await t.app.inject({ method: 'GET', url: `/v1/files/${customer.fileId}`, headers: { cookie: auditor.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="proof-of-address.pdf"');
    expect(file.rawPayload.equals(PDF_BILL)).toBe(true);
    // A photo is still shown in the page; the passport of the same application says so.
    const [{ passport }] = await t.app.db.query(`SELECT passport_file_id AS passport FROM customers WHERE id = $1`, [customer.id]);
    const photo = await t.app.inject({ method: 'GET', url: `/v1/files/${passport}`, headers: { cookie: auditor.cookie } });
    expect(photo.headers['content-disposition']).toBe('inline');
    expect(shown.json().passportImage).toBe(`/v1/files/${passport}`);
    // The applicant, once a customer, gets the same download (no staff view recorded for it).
    const owner = await login(t.app, customer.accountNumber, payload.password);
    expect((await t.app.inject({ method: 'GET', url: `/v1/files/${customer.fileId}`, headers: { cookie: owner.cookie } })).headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses a PDF cut short, one over 5 MB, and a PDF for the passport', async () => {
    const payload = enrolmentPayload() as Record<string, string>;
    const send = (passport: FilePart, proofOfAddress: FilePart) => {
      const { payload: body, headers } = multipart(payload, passport, [{ ...proofOfAddress, field: 'proofOfAddress' }]);
      return t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: body, headers });
    };
    const photo = { name: 'passport.png', bytes: PNG_1X1, type: 'image/png' };
    const cut = await send(photo, { name: 'bill.pdf', bytes: PDF_BILL.subarray(0, PDF_BILL.length - 8), type: 'application/pdf' });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().errors).toEqual({ proofOfAddress: 'Only JPG, PNG or PDF files are allowed' });
    const big = Buffer.concat([PDF_BILL.subarray(0, 9), Buffer.alloc(6 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
    const tooBig = await send(photo, { name: 'bill.pdf', bytes: big, type: 'application/pdf' });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ success: false, error: 'File must be 5MB or less', errors: { proofOfAddress: 'File must be 5MB or less' } });
    const pdfPassport = await send({ name: 'passport.pdf', bytes: PDF_BILL, type: 'application/pdf' }, { name: 'bill.png', bytes: PNG_1X1, type: 'image/png' });
    expect(pdfPassport.statusCode).toBe(400);
    expect(pdfPassport.json().errors).toEqual({ image: 'Only JPG or PNG images are allowed' });
    const [{ count }] = await t.app.db.query(`SELECT count(*)::int AS count FROM customers WHERE lower(email) = lower($1)`, [payload.email]);
    expect(count).toBe(0);
  });

  it('reports every missing field with the spec message, including the passport and the proof of address', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: {} });
    expect(res.statusCode).toBe(400);
    const { success, errors } = res.json();
    expect(success).toBe(false);
    expect(errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dob: 'Date of birth is required',
      country: 'Country is required',
      state: 'State/Province is required',
      city: 'City is required',
      email: 'Enter a valid email address',
      occupation: 'Please select your occupation',
      incomeRange: 'Please select your annual income range',
      accountType: 'Please select an account type',
      currency: 'Please select a currency',
      transactionPin: 'PIN must be exactly 4 digits',
      password: 'Password must be at least 8 characters',
      image: 'Please upload a passport photograph',
      proofOfAddress: 'Please upload a proof of address',
    });
  });

  it('refuses a wrong type, an unknown field and a too-long value', async () => {
    const wrongType = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...enrolmentPayload({ firstName: 42 }), ...applicationPhotos() } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.firstName).toBeDefined();
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...enrolmentPayload({ isAdmin: true }), ...applicationPhotos() } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.isAdmin).toBe('Unknown field: isAdmin');
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { ...enrolmentPayload({ address: 'x'.repeat(121), zipcode: '12345678901', phone: '12' }), ...applicationPhotos() },
    });
    expect(tooLong.json().errors).toMatchObject({ address: 'Residential address must be at most 120 characters', zipcode: 'Zip/Postal code is too long', phone: 'Phone number is too short' });
  });

  it('checks the passport by its bytes, not its declared type', async () => {
    const text = Buffer.from('this is not an image, whatever the name says');
    const { payload, headers } = multipart(enrolmentPayload() as Record<string, string>, { name: 'passport.png', bytes: text, type: 'image/png' });
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.image).toBe('Only JPG or PNG images are allowed');
    const jpeg = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { ...enrolmentPayload(), ...applicationPhotos(), image: `data:image/png;base64,${JPEG_HEADER.toString('base64')}` },
    });
    expect(jpeg.statusCode).toBe(201);
  });

  it('refuses a 6 MB image with the size message', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024)]);
    const { payload, headers } = multipart(enrolmentPayload() as Record<string, string>, { name: 'big.png', bytes: big, type: 'image/png' });
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Image must be 5MB or less' });
    const json = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...enrolmentPayload(), ...applicationPhotos(), image: pngDataUrl(big) } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors.image).toBe('Image must be 5MB or less');
  });

  it('refuses a second application with the same e-mail, whatever its case', async () => {
    const payload = enrolmentPayload();
    await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...payload, ...applicationPhotos() } });
    const again = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...payload, email: (payload.email as string).toUpperCase(), ...applicationPhotos() } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.email).toBe('An account with this email already exists');
  });

  it('never answers 500 to malformed JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: '{"firstName":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
