import { formatDate } from '@strongroom/shared';
import { pdfTextLines } from '../helpers/pdf-text';
import { insertCredits } from '../helpers/credits';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

describe('GET /v1/transaction', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof approvedCustomer>>;
  let b: Awaited<ReturnType<typeof approvedCustomer>>;
  beforeAll(async () => {
    t = await createTestApp();
    a = await approvedCustomer(t.app, { funded: '1000.00' });
    b = await approvedCustomer(t.app, { staff: a.staff });
    for (const [amount, memo] of [
      ['10.00', 'Coffee beans'],
      ['20.00', 'Bike repair'],
      ['30.00', 'Concert tickets'],
    ]) {
      const r = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount, memo, pin: '2468' } });
      expect(r.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  /** A new customer with `count` credits booked straight into the table, `<prefix>1` the newest, a minute apart. */
  async function customerWithHistory(prefix: string, count: number) {
    const c = await approvedCustomer(t.app, { staff: a.staff });
    await insertCredits(t.app, c.id, { prefix, count, apart: '1 minute' });
    return c;
  }

  it('counts a long history only a little past the page, and further as the customer pages on', async () => {
    const c = await customerWithHistory('LONGHIST', 1100);
    const first = (await t.app.inject({ method: 'GET', url: '/v1/transaction?pageSize=100', headers: { cookie: c.session.cookie } })).json();
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.items.map((i: { reference: string }) => i.reference)).toEqual(Array.from({ length: 100 }, (_, n) => `LONGHIST${n + 1}`));
    const later = (await t.app.inject({ method: 'GET', url: '/v1/transaction?pageSize=100&page=11', headers: { cookie: c.session.cookie } })).json();
    expect(later).toMatchObject({ total: 1100, totalCapped: false });
    expect(later.items[0].reference).toBe('LONGHIST1001');
  });

  it("returns only the caller's transactions, newest first, paginated", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/transaction?pageSize=2', headers: { cookie: a.session.cookie } });
    const body = res.json();
    expect(body).toMatchObject({ success: true, page: 1, pageSize: 2, total: 4 });
    expect(body.items.map((i: { amount: string }) => i.amount)).toEqual(['30.00', '20.00']);
    const page2 = await t.app.inject({ method: 'GET', url: '/v1/transaction?pageSize=2&page=2', headers: { cookie: a.session.cookie } });
    expect(page2.json().items.map((i: { amount: string }) => i.amount)).toEqual(['10.00', '1000.00']);
    // The list reads its times as PostgreSQL's text, the detail as Dates: the same instant either way.
    const [newest] = body.items as { reference: string; createdAt: string }[];
    const detail = (await t.app.inject({ method: 'GET', url: `/v1/transaction/${newest.reference}`, headers: { cookie: a.session.cookie } })).json();
    expect(newest.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(detail.transaction.createdAt).toBe(newest.createdAt);
    const theirs = await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: { cookie: b.session.cookie } });
    expect(theirs.json().total).toBe(3);
    expect(theirs.json().items.every((i: { type: string }) => i.type === 'credit')).toBe(true);
  });

  it('lists nothing, and counts right, for a page past the end, a search that matches nothing and a customer with no history', async () => {
    const past = (await t.app.inject({ method: 'GET', url: '/v1/transaction?pageSize=2&page=3', headers: { cookie: a.session.cookie } })).json();
    expect(past).toMatchObject({ success: true, page: 3, total: 4, totalCapped: false, items: [] });
    const none = (await t.app.inject({ method: 'GET', url: '/v1/transaction?q=zeppelin', headers: { cookie: a.session.cookie } })).json();
    expect(none).toMatchObject({ total: 0, totalCapped: false, items: [] });
    const fresh = await approvedCustomer(t.app, { staff: a.staff });
    const empty = (await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: { cookie: fresh.session.cookie } })).json();
    expect(empty).toMatchObject({ total: 0, totalCapped: false, items: [] });
  });

  it('filters by type and status and searches description, recipient and reference', async () => {
    const credit = await t.app.inject({ method: 'GET', url: '/v1/transaction?type=credit', headers: { cookie: a.session.cookie } });
    expect(credit.json().items.map((i: { kind: string }) => i.kind)).toEqual(['incoming']);
    const pending = await t.app.inject({ method: 'GET', url: '/v1/transaction?status=pending', headers: { cookie: a.session.cookie } });
    expect(pending.json().total).toBe(0);
    const search = await t.app.inject({ method: 'GET', url: '/v1/transaction?q=bike', headers: { cookie: a.session.cookie } });
    expect(search.json().items.map((i: { amount: string }) => i.amount)).toEqual(['20.00']);
    const ref = search.json().items[0].reference as string;
    const byRef = await t.app.inject({ method: 'GET', url: `/v1/transaction?q=${ref}`, headers: { cookie: a.session.cookie } });
    expect(byRef.json().total).toBe(1);
    const wildcard = await t.app.inject({ method: 'GET', url: `/v1/transaction?q=${encodeURIComponent('%')}`, headers: { cookie: a.session.cookie } });
    expect(wildcard.json().total).toBe(0);
  });

  it('finds words by their beginnings, every word typed, in any case and order (docs/decisions/0021)', async () => {
    const amounts = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/v1/transaction?q=${encodeURIComponent(q)}`, headers: { cookie: a.session.cookie } });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { amount: string }[]).map((i) => i.amount);
    };
    expect(await amounts('BIK')).toEqual(['20.00']);
    expect(await amounts('repair bike')).toEqual(['20.00']);
    expect(await amounts('tickets, concert!')).toEqual(['30.00']);
    // The middle of a word, or a word the payment does not have, finds nothing.
    expect(await amounts('epair')).toEqual([]);
    expect(await amounts('bike coffee')).toEqual([]);
    // The recipient's name is searched too: the three payments went to b, Dana Okafor.
    expect(await amounts('okaf')).toEqual(['30.00', '20.00', '10.00']);
    // Spaces alone are no search: the whole list, as with no term.
    expect(await amounts('   ')).toEqual(['30.00', '20.00', '10.00', '1000.00']);
    // Characters tsquery would read as operators are only text here.
    expect(await amounts(`bike' | 'coffee`)).toEqual([]);
    expect(await amounts(`!bike & \\`)).toEqual(['20.00']);
  });

  it('refuses bad query parameters with 400', async () => {
    for (const q of ['page=0', 'pageSize=1000', 'type=sideways', 'status=lost', 'page=abc', 'sneaky=1']) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/transaction?${q}`, headers: { cookie: a.session.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  describe('GET /v1/transaction/:reference', () => {
    it('shows every field of the detail to its owner and 404 to anyone else', async () => {
      const list = await t.app.inject({ method: 'GET', url: '/v1/transaction?q=coffee', headers: { cookie: a.session.cookie } });
      const { reference } = list.json().items[0];
      const res = await t.app.inject({ method: 'GET', url: `/v1/transaction/${reference}`, headers: { cookie: a.session.cookie } });
      expect(res.json().transaction).toMatchObject({
        reference,
        amount: '10.00',
        fees: '0.00',
        type: 'debit',
        category: 'Transfer',
        recipient: 'Dana Okafor',
        balanceAfter: '990.00',
        channel: 'Online banking',
        accountHolder: { accountNumber: a.accountNumber },
      });
      expect(res.json().transaction.location).toMatch(/^IP /);
      // The list's item is the detail without the holder and the status history (its response schema drops nothing else).
      const { accountHolder, timeline, ...listed } = res.json().transaction;
      expect(accountHolder).toBeDefined();
      expect(timeline).toBeDefined();
      expect(list.json().items[0]).toEqual(listed);
      const other = await t.app.inject({ method: 'GET', url: `/v1/transaction/${reference}`, headers: { cookie: b.session.cookie } });
      expect(other.statusCode).toBe(404);
      const junk = await t.app.inject({ method: 'GET', url: '/v1/transaction/%27%3B--', headers: { cookie: a.session.cookie } });
      expect(junk.statusCode).toBe(404);
    });
  });

  describe('GET /v1/transaction/statement', () => {
    it('exports CSV and PDF for a date range', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const csv = await t.app.inject({ method: 'GET', url: `/v1/transaction/statement?from=${today}&to=${today}&format=csv`, headers: { cookie: a.session.cookie } });
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const lines = csv.body.trim().split('\r\n');
      expect(lines).toHaveLength(5);
      expect(lines[0]).toBe('"Date","Reference","Description","Type","Status","Amount","Fees","Currency","Balance after"');
      expect(csv.body).toContain('"-20.00"');
      const pdf = await t.app.inject({ method: 'GET', url: `/v1/transaction/statement?from=${today}&to=${today}&format=pdf`, headers: { cookie: a.session.cookie } });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const backwards = await t.app.inject({ method: 'GET', url: `/v1/transaction/statement?from=${today}&to=2000-01-01`, headers: { cookie: a.session.cookie } });
      expect(backwards.json().errors.to).toBe('The end date must be on or after the start date');
    });

    it('states the opening and closing balances of the period in the PDF', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);
      const pdf = await t.app.inject({ method: 'GET', url: `/v1/transaction/statement?from=${today}&to=${today}&format=pdf`, headers: { cookie: a.session.cookie } });
      const lines = pdfTextLines(pdf.rawPayload);
      // Funded with 1,000.00 today, then 10 + 20 + 30 sent: nothing before the period, 940.00 at its end.
      expect(lines).toContain(`Opening balance on ${day(today)}: $0.00`);
      expect(lines).toContain(`Closing balance on ${day(today)}: $940.00`);
      const later = await t.app.inject({ method: 'GET', url: `/v1/transaction/statement?from=2999-01-01&to=2999-01-31&format=pdf`, headers: { cookie: a.session.cookie } });
      expect(pdfTextLines(later.rawPayload)).toEqual(expect.arrayContaining(['Opening balance on January 1, 2999: $940.00', 'Closing balance on January 31, 2999: $940.00']));
      // The calendar's ends: the first years (not read as 1900-1999) and the last day there is.
      const farthest = await t.app.inject({ method: 'GET', url: `/v1/transaction/statement?from=0001-01-01&to=9999-12-31&format=pdf`, headers: { cookie: a.session.cookie } });
      expect(pdfTextLines(farthest.rawPayload)).toEqual(expect.arrayContaining(['Opening balance on January 1, 1: $0.00', 'Closing balance on December 31, 9999: $940.00']));
    });
    it("reads the period's days in the customer's time zone and tells each row's time in it", async () => {
      const c = await customerWithHistory('ZONED', 2);
      // Half past midnight and half past eleven at night on November 5 in Auckland (UTC+13): the first is still
      // November 4 in UTC and in Los Angeles.
      await t.app.db.query(
        `UPDATE transactions SET created_at = CASE reference WHEN 'ZONED1' THEN '2026-11-04T11:30:00Z'::timestamptz ELSE '2026-11-05T10:30:00Z'::timestamptz END
          WHERE customer_id = $1`,
        [c.id],
      );
      const references = async (timeZone?: string) => {
        const zone = timeZone ? `&timeZone=${encodeURIComponent(timeZone)}` : '';
        const res = await t.app.inject({ method: 'GET', url: `/v1/transaction/statement?from=2026-11-05&to=2026-11-05&format=csv${zone}`, headers: { cookie: c.session.cookie } });
        expect(res.statusCode).toBe(200);
        return [...res.body.matchAll(/"(ZONED\d)"/g)].map((match) => match[1]);
      };
      expect(await references('Pacific/Auckland')).toEqual(['ZONED1', 'ZONED2']);
      expect(await references('America/Los_Angeles')).toEqual(['ZONED2']);
      expect(await references()).toEqual(['ZONED2']);
      const pdf = await t.app.inject({ method: 'GET', url: '/v1/transaction/statement?from=2026-11-05&to=2026-11-05&format=pdf&timeZone=Pacific/Auckland', headers: { cookie: c.session.cookie } });
      const lines = pdfTextLines(pdf.rawPayload);
      expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^November 5, 2026 at 12:30\sAM {2}ZONED1$/), expect.stringMatching(/^November 5, 2026 at 11:30\sPM {2}ZONED2$/)]));
      expect(lines.some((line) => line.includes('times in Pacific/Auckland'))).toBe(true);
      const unknown = await t.app.inject({ method: 'GET', url: '/v1/transaction/statement?from=2026-11-05&to=2026-11-05&timeZone=Mars/Olympus_Mons', headers: { cookie: c.session.cookie } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ timeZone: 'timeZone must be a time zone name such as Europe/London' });
    });

    it('lets one customer download 10 statements a minute, then asks them to wait, without holding up another customer', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const c = await approvedCustomer(t.app, { staff: a.staff });
      const url = `/v1/transaction/statement?from=${today}&to=${today}&format=csv`;
      for (let i = 0; i < 10; i++) expect((await t.app.inject({ method: 'GET', url, headers: { cookie: c.session.cookie } })).statusCode).toBe(200);
      const refused = await t.app.inject({ method: 'GET', url, headers: { cookie: c.session.cookie } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, error: 'Too many requests. Please wait a moment and try again.' });
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: b.session.cookie } })).statusCode).toBe(200);
    });
  });

  describe('GET /v1/dashboard/summary', () => {
    it('computes balance, flows, counts, the 3 latest and a 30-day series on the server', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/dashboard/summary', headers: { cookie: a.session.cookie } });
      const body = res.json();
      expect(body).toMatchObject({ balance: '940.00', currency: 'USD', inflow: { amount: '1000.00' }, outflow: { amount: '60.00' }, counts: { transactions: 4 } });
      expect(body.recent).toHaveLength(3);
      expect(body.series).toHaveLength(30);
      expect(body.series[29]).toEqual({ date: expect.any(String), in: '1000.00', out: '60.00' });
    });
  });

  describe('GET /v1/fees', () => {
    it('publishes the schedule the server charges', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/fees' });
      const ids = res.json().schedule.map((s: { id: string }) => s.id);
      expect(ids).toEqual(['same', 'local', 'international', 'fx']);
    });
  });

  describe('GET /v1/admin/transactions', () => {
    it('lists every customer for staff, filtered by status', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/v1/admin/transactions?filter=${encodeURIComponent('{"status":"success"}')}&range=[0,4]`, headers: { cookie: a.staff.cookie } });
      // The suite's long histories make more than a thousand successes: the total is left unknown.
      expect(res.headers['content-range']).toMatch(/^transactions 0-4\/(\d+|\*)$/);
      const listed = res.json() as { status: string; createdAt: string }[];
      expect(listed.map((row) => row.status)).toEqual(Array(5).fill('success'));
      expect(listed.map((row) => row.createdAt)).toEqual(
        listed
          .map((row) => row.createdAt)
          .sort()
          .reverse(),
      );
      const asCustomer = await t.app.inject({ method: 'GET', url: '/v1/admin/transactions', headers: { cookie: a.session.cookie } });
      expect(asCustomer.statusCode).toBe(403);
    });

    it('counts a long list a thousand past the page, leaving the total unknown (*) beyond, newest first or by amount', async () => {
      const c = await customerWithHistory('STAFFLIST', 1100);
      const list = async (query: Record<string, unknown>) => {
        const params = Object.entries(query).map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`);
        const res = await t.app.inject({ method: 'GET', url: `/v1/admin/transactions?${params.join('&')}`, headers: { cookie: a.staff.cookie } });
        expect(res.statusCode).toBe(200);
        const rows = res.json() as { reference: string; customerId: string; accountHolder: { accountNumber: string } }[];
        return { range: res.headers['content-range'], references: rows.map((row) => row.reference), rows };
      };
      const first = await list({ filter: { customerId: c.id }, range: [0, 24] });
      expect(first.range).toBe('transactions 0-24/*');
      expect(first.references).toEqual(Array.from({ length: 25 }, (_, n) => `STAFFLIST${n + 1}`));
      expect(first.rows[0]).toMatchObject({ customerId: c.id, accountHolder: { accountNumber: c.accountNumber } });
      const later = await list({ filter: { customerId: c.id }, range: [1075, 1099] });
      expect(later.range).toBe('transactions 1075-1099/1100');
      expect(later.references).toEqual(Array.from({ length: 25 }, (_, n) => `STAFFLIST${n + 1076}`));
      // The amounts rise with age (100 + n minor units): the largest first is the oldest first.
      const byAmount = await list({ filter: { customerId: c.id }, sort: ['amount_minor', 'DESC'], range: [0, 2] });
      expect(byAmount.references).toEqual(['STAFFLIST1100', 'STAFFLIST1099', 'STAFFLIST1098']);
      // A search matching more than the count looks ahead, by every customer's list newest first.
      const searched = await list({ filter: { customerId: c.id, q: 'payment' }, range: [0, 2] });
      expect(searched).toMatchObject({ range: 'transactions 0-2/*', references: ['STAFFLIST1', 'STAFFLIST2', 'STAFFLIST3'] });
      const few = await list({ filter: { q: 'payment 1099' } });
      expect(few).toMatchObject({ range: 'transactions 0-1/2', references: ['STAFFLIST1099', 'LONGHIST1099'] });
    });

    it('finds a transaction by its whole reference in any case, with the credit booked beside it, and takes wildcards literally', async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/v1/transaction?q=concert', headers: { cookie: a.session.cookie } })).json();
      const reference = list.items[0].reference as string;
      const search = async (q: string) => {
        const res = await t.app.inject({ method: 'GET', url: `/v1/admin/transactions?filter=${encodeURIComponent(JSON.stringify({ q }))}`, headers: { cookie: a.staff.cookie } });
        expect(res.statusCode).toBe(200);
        return (res.json() as { reference: string; amount: string }[]).map((row) => `${row.reference} ${row.amount}`).sort();
      };
      // The sender's debit and the recipient's credit: the credit's reference is the debit's and a C.
      const both = [`${reference} 30.00`, `${reference}C 30.00`];
      expect(await search(reference.toLowerCase())).toEqual(both);
      expect(await search(` ${reference} `)).toEqual(both);
      expect(await search(`${reference}C`)).toEqual([`${reference}C 30.00`]);
      // Part of a reference is random characters, not a search term (docs/decisions/0018-reference-search.md).
      expect(await search(reference.slice(-10))).toEqual([]);
      expect(await search('%')).toEqual([]);
      expect(await search('_')).toEqual([]);
    });
  });

  describe('GET /v1/admin/transactions/:id', () => {
    it('shows staff one transaction by its id, a time-ordered UUID (version 7), and answers any other id as not found', async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/v1/admin/transactions?range=[0,0]', headers: { cookie: a.staff.cookie } })).json() as { id: string; createdAt: string }[];
      const [newer] = list;
      expect(newer.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // The first 48 bits are the time it was made, in milliseconds.
      const madeMs = parseInt(newer.id.replace(/-/g, '').slice(0, 12), 16);
      expect(Math.abs(madeMs - Date.parse(newer.createdAt))).toBeLessThan(60_000);
      const res = await t.app.inject({ method: 'GET', url: `/v1/admin/transactions/${newer.id}`, headers: { cookie: a.staff.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: newer.id });
      const missing = await t.app.inject({ method: 'GET', url: `/v1/admin/transactions/${newer.id.replace(/^.{8}/, '00000000')}`, headers: { cookie: a.staff.cookie } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, error: 'Transaction not found' });
    });
  });
});
