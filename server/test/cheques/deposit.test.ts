import { randomBytes } from 'node:crypto';
import { approvedCustomer, createTestApp, login, pngDataUrl, registerCustomer, staffSession, type TestApp } from '../helpers/test-app';
import { balanceOf, chequeFields, deposit, multipartBody, uniqueJpeg, uniquePng } from './cheque-fixtures';

const TYPE_MESSAGE = 'Only JPG, PNG or WEBP images are allowed.';
const SIZE_MESSAGE = 'File too large. Max size is 5MB.';

describe('POST /v1/cheque', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof approvedCustomer>>;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await approvedCustomer(t.app);
  });
  afterAll(() => t.close());

  it('records the deposit as pending with every detail, its images and its first timeline entry, and moves no money', async () => {
    const before = await balanceOf(t.app, customer.id);
    const fields = chequeFields({ amount: '1250.50', issueDate: '2026-02-01', note: 'Deposit from Aunt May' });
    const front = uniqueJpeg();
    const res = await deposit(t.app, customer.session, {
      fields,
      files: [
        { field: 'frontImage', bytes: front, type: 'image/jpeg' },
        { field: 'backImage', bytes: uniquePng() },
      ],
    });
    expect(res.statusCode).toBe(201);
    const { cheque } = res.json();
    expect(cheque).toMatchObject({
      amount: '1250.50',
      currency: 'USD',
      chequeNumber: fields.chequeNumber,
      bankName: 'First National Bank',
      accountNumber: '12345678',
      issueDate: '2026-02-01',
      note: 'Deposit from Aunt May',
      status: 'pending',
      reason: null,
      transactionReference: null,
    });
    expect(cheque.timeline).toEqual([expect.objectContaining({ status: 'pending', from: null, by: 'you', reason: null })]);
    expect(await balanceOf(t.app, customer.id)).toBe(before);

    const image = await t.app.inject({ method: 'GET', url: cheque.frontImage, headers: { cookie: customer.session.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(front)).toBe(true);
  });

  it('takes JSON with the images as data URLs too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/cheque',
      headers: customer.session.headers,
      payload: { ...chequeFields(), frontImage: pngDataUrl(uniquePng()), backImage: pngDataUrl(uniquePng()) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().cheque.status).toBe('pending');
  });

  it('judges images by their bytes, whatever their declared type', async () => {
    const text = await deposit(t.app, customer.session, {
      files: [
        { field: 'frontImage', bytes: Buffer.from('this is not an image at all'), type: 'image/png', name: 'cheque.png' },
        { field: 'backImage', bytes: uniquePng() },
      ],
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ success: false, error: TYPE_MESSAGE, errors: { frontImage: TYPE_MESSAGE } });

    const gif = await deposit(t.app, customer.session, {
      files: [
        { field: 'frontImage', bytes: uniquePng() },
        { field: 'backImage', bytes: Buffer.from('GIF89a\x01\x00\x01\x00'), type: 'image/png' },
      ],
    });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors).toEqual({ backImage: TYPE_MESSAGE });
  });

  it('refuses a 6 MB image with the spec message', async () => {
    const big = Buffer.concat([uniquePng(), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await deposit(t.app, customer.session, {
      files: [
        { field: 'frontImage', bytes: big },
        { field: 'backImage', bytes: uniquePng() },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: SIZE_MESSAGE, errors: { frontImage: SIZE_MESSAGE } });
  });

  it('sends nothing to storage without both sides of the cheque', async () => {
    const noFront = await deposit(t.app, customer.session, { files: [{ field: 'backImage', bytes: uniquePng() }] });
    expect(noFront.statusCode).toBe(400);
    expect(noFront.json().errors).toEqual({ frontImage: 'Please upload the front of the cheque' });
    const noBack = await deposit(t.app, customer.session, { files: [{ field: 'frontImage', bytes: uniquePng() }] });
    expect(noBack.statusCode).toBe(400);
    expect(noBack.json().errors).toEqual({ backImage: 'Please upload the back of the cheque' });
  });

  it('refuses unknown fields and unknown or repeated files', async () => {
    const field = await deposit(t.app, customer.session, { fields: { ...chequeFields(), payee: 'Someone else' } });
    expect(field.statusCode).toBe(400);
    expect(field.json().errors).toEqual({ payee: 'Unknown field: payee' });

    const file = await deposit(t.app, customer.session, {
      files: [
        { field: 'frontImage', bytes: uniquePng() },
        { field: 'receipt', bytes: uniquePng() },
      ],
    });
    expect(file.statusCode).toBe(400);
    expect(file.json().errors).toEqual({ receipt: 'Unknown field: receipt' });

    const three = await deposit(t.app, customer.session, {
      files: [
        { field: 'frontImage', bytes: uniquePng() },
        { field: 'frontImage', bytes: uniquePng() },
        { field: 'backImage', bytes: uniquePng() },
      ],
    });
    expect(three.statusCode).toBe(400);
    expect(three.json().success).toBe(false);
  });

  it.each([
    [{ amount: '0.00' }, 'amount', 'Amount must be greater than $0.01'],
    [{ amount: '0.001' }, 'amount', 'Amount can have at most 2 decimal places'],
    [{ amount: 'ten' }, 'amount', 'Enter an amount'],
    [{ amount: '' }, 'amount', 'Enter an amount'],
    [{ chequeNumber: '' }, 'chequeNumber', 'Cheque number is required'],
    [{ bankName: '   ' }, 'bankName', 'Bank name is required'],
    [{ currency: 'XYZ' }, 'currency', 'Please select a currency'],
    [{ issueDate: '2026-02-30' }, 'issueDate', 'Enter a valid issue date'],
  ])('refuses %j with the message on its field', async (override, field, message) => {
    const res = await deposit(t.app, customer.session, { fields: chequeFields(override) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('credits only the account currency and refuses a post-dated cheque', async () => {
    const euro = await deposit(t.app, customer.session, { fields: chequeFields({ currency: 'EUR' }) });
    expect(euro.statusCode).toBe(400);
    expect(euro.json().errors.currency).toMatch(/USD account/);

    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    const postDated = await deposit(t.app, customer.session, { fields: chequeFields({ issueDate: nextYear }) });
    expect(postDated.statusCode).toBe(400);
    expect(postDated.json().errors.issueDate).toBe('A cheque cannot be deposited before its issue date');
  });

  it('refuses a cheque deposited before: same drawer bank, number and account (however typed), or the same front image, by anyone', async () => {
    const fields = chequeFields({ bankName: 'Harbour Savings Bank', accountNumber: '55-0011-22' });
    const front = uniquePng();
    const first = await deposit(t.app, customer.session, {
      fields,
      files: [
        { field: 'frontImage', bytes: front },
        { field: 'backImage', bytes: uniquePng() },
      ],
    });
    expect(first.statusCode).toBe(201);

    const other = await approvedCustomer(t.app);
    const retyped = await deposit(t.app, other.session, { fields: { ...fields, bankName: '  harbour   SAVINGS bank ', accountNumber: '55 0011 22' } });
    expect(retyped.statusCode).toBe(409);
    expect(retyped.json().error).toMatch(/already been deposited.*cheque number and account number/);

    const sameImage = await deposit(t.app, other.session, {
      fields: chequeFields(),
      files: [
        { field: 'frontImage', bytes: front },
        { field: 'backImage', bytes: uniquePng() },
      ],
    });
    expect(sameImage.statusCode).toBe(409);
    expect(sameImage.json().error).toMatch(/same front image/);
    const [{ count }] = await t.app.db.query(`SELECT count(*)::int AS count FROM cheques WHERE cheque_number = $1`, [fields.chequeNumber]);
    expect(count).toBe(1);
  });

  it('answers a retry with the same Idempotency-Key once, and refuses the key for another cheque', async () => {
    const key = `cheque-${randomBytes(8).toString('hex')}`;
    const fields = chequeFields();
    const files = [
      { field: 'frontImage', bytes: uniquePng() },
      { field: 'backImage', bytes: uniquePng() },
    ];
    const first = await deposit(t.app, customer.session, { fields, files, headers: { 'idempotency-key': key } });
    const replay = await deposit(t.app, customer.session, { fields, files, headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().cheque.id).toBe(first.json().cheque.id);
    const [{ count }] = await t.app.db.query(`SELECT count(*)::int AS count FROM cheques WHERE cheque_number = $1`, [fields.chequeNumber]);
    expect(count).toBe(1);

    const otherImage = await deposit(t.app, customer.session, { fields, files: [{ field: 'frontImage', bytes: uniquePng() }, files[1]], headers: { 'idempotency-key': key } });
    expect(otherImage.statusCode).toBe(422);
  });

  it('is for signed-in, approved customers only', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/v1/cheque', ...multipartBody(chequeFields(), [{ field: 'frontImage', bytes: uniquePng() }]) });
    expect(anonymous.statusCode).toBe(401);

    const applicant = await registerCustomer(t.app);
    const session = await login(t.app, applicant.accountNumber, applicant.password as string);
    const pending = await deposit(t.app, session);
    expect(pending.statusCode).toBe(403);

    const staff = await staffSession(t.app);
    const asStaff = await deposit(t.app, staff);
    expect([401, 403]).toContain(asStaff.statusCode);
    const noCsrf = await deposit(t.app, { ...customer.session, headers: { cookie: customer.session.cookie } });
    expect(noCsrf.statusCode).toBe(403);
  });
});
