import { Client } from 'pg';
import { isoTimestamp, TIMESTAMPS_AS_TEXT } from '../../src/common/timestamps';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

// PostgreSQL's own text of timestamps with every length of fraction, read as text (the list's path) and as Dates
// (node-postgres' default), and in JSON (as the ledger's functions answer): isoTimestamp must write the same instant either way, in any session time zone.
describe('isoTimestamp', () => {
  let db: TestDatabase;
  let client: Client;
  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.appUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  const sample = `SELECT stamp AS as_text, to_json(stamp) #>> '{}' AS as_json, stamp AS as_date FROM (VALUES
      ('2026-11-29 16:14:58+00'::timestamptz), ('2026-11-29 16:14:58.1+00'), ('2026-11-29 16:14:58.12+00'),
      ('2026-11-29 16:14:58.123+00'), ('2026-11-29 16:14:58.1239+00'), ('2026-11-29 16:14:58.999999+00'),
      ('1999-12-31 23:59:59.000001+00'), ('2024-02-29 00:00:00.0005+00'), ('0099-01-01 12:00:00+00'), ('12026-01-01 00:00:00+00')
    ) AS samples(stamp)`;

  for (const zone of ['UTC', 'Europe/Berlin', 'America/St_Johns']) {
    it(`writes PostgreSQL's text as the Date it stands for, with the session in ${zone}`, async () => {
      await client.query(`SET TimeZone = '${zone}'`);
      const asText = await client.query<{ as_text: string; as_json: string }>({ text: sample, types: TIMESTAMPS_AS_TEXT });
      const asDates = await client.query<{ as_date: Date }>(sample);
      expect(asText.rows).toHaveLength(10);
      asText.rows.forEach((row, index) => {
        expect(typeof row.as_text).toBe('string');
        expect(isoTimestamp(row.as_text)).toBe(asDates.rows[index].as_date.toISOString());
        // Not in JSON the years 99 (local mean time's offsets carry seconds) and 12026 (five digits, no sign): JavaScript
        // reads neither, and no row of ours is dated so.
        if (index < 8) expect(isoTimestamp(row.as_json)).toBe(asDates.rows[index].as_date.toISOString());
      });
      if (zone === 'UTC') expect(isoTimestamp(asText.rows[4].as_text)).toBe('2026-11-29T16:14:58.123Z');
    });
  }

  it('writes a Date as toISOString does', () => {
    const date = new Date(Date.UTC(2026, 10, 29, 16, 14, 58, 7));
    expect(isoTimestamp(date)).toBe('2026-11-29T16:14:58.007Z');
  });
});
