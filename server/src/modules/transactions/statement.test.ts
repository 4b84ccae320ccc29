import { AppError } from '../../common/app-error';
import { StatementPdfs, statementCsv, type StatementInput } from './statement';
import { STATEMENT_DRAWINGS_MAX } from './transactions.errors';

const input: StatementInput = {
  items: [],
  holder: { name: 'Ada Lovelace', accountNumber: '1000000001', currency: 'USD' },
  period: { from: '2026-11-01', to: '2026-11-30', timeZone: 'UTC', openingMinor: 1000n, closingMinor: 1000n },
};

describe('StatementPdfs', () => {
  const pdfs = new StatementPdfs();
  afterAll(() => pdfs.close());

  it(`draws ${STATEMENT_DRAWINGS_MAX} statements at once and refuses one more as busy before it reads anything, with when to try again`, async () => {
    let reads = 0;
    const asked = Array.from({ length: STATEMENT_DRAWINGS_MAX + 1 }, () =>
      pdfs.draw(async () => {
        reads += 1;
        return input;
      }),
    );
    const settled = await Promise.allSettled(asked);
    // The refused one read nothing: its place was refused before its rows would have been read.
    expect(reads).toBe(STATEMENT_DRAWINGS_MAX);
    const drawn = settled.filter((outcome): outcome is PromiseFulfilledResult<Buffer> => outcome.status === 'fulfilled');
    expect(drawn).toHaveLength(STATEMENT_DRAWINGS_MAX);
    for (const { value } of drawn) expect(value.subarray(0, 5).toString()).toBe('%PDF-');
    const refused = settled[STATEMENT_DRAWINGS_MAX] as PromiseRejectedResult;
    expect(refused.status).toBe('rejected');
    expect(refused.reason).toBeInstanceOf(AppError);
    expect(refused.reason).toMatchObject({ statusCode: 503, retryAfterS: 30, message: 'We are preparing many statements just now. Please try again in a minute.' });
  });

  it('takes statements again once those drawn are done', async () => {
    const pdf = await pdfs.draw(async () => input);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('statementCsv', () => {
  it('quotes every cell and keeps a description from running as a spreadsheet formula', () => {
    const csv = statementCsv([
      {
        id: 'id-1',
        reference: 'TRF1',
        type: 'debit',
        kind: 'transfer_same',
        status: 'success',
        description: '=HYPERLINK("http://evil")',
        category: 'Transfer',
        amount: '12.50',
        currency: 'USD',
        fees: '0.00',
        recipient: null,
        balanceAfter: '87.50',
        channel: 'Online',
        location: null,
        memo: null,
        createdAt: '2026-11-02T10:00:00.000Z',
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`"2026-11-02T10:00:00.000Z","TRF1","'=HYPERLINK(""http://evil"")","debit","success","-12.50","0.00","USD","87.50"`);
  });
});
