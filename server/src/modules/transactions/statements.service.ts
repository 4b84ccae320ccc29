import type { DataSource } from 'typeorm';
import type { ReadReplica, ReplicaReader } from '../../db/read-replica';
import { daysIn } from '../../common/calendar-days';
import { StatementPdfs, statementCsv } from './statement';
import { statementBalances, statementHolder, statementHolderOfAccount, statementRows } from './transactions.queries';
import { toTransactionDto } from './transactions.service';
import { rowsOf } from './account-rows';

export interface StatementRequest {
  /** Calendar days, 'YYYY-MM-DD', both included. */
  from: string;
  to: string;
  format: 'csv' | 'pdf';
  /** Whose calendar the days are in (an IANA name): the customer's. */
  timeZone: string;
  /** One account the customer holds (docs/decisions/0062-accounts.md); none: their own rows, headed with their primary account. */
  accountId?: string;
}

export interface StatementFile {
  body: string | Buffer;
  contentType: string;
  fileName: string;
}

/** A customer's statement for a period, as CSV or as a PDF drawn off the main thread. */
export class StatementsService {
  private readonly pdfs = new StatementPdfs();

  constructor(
    private readonly db: DataSource,
    private readonly replica: ReadReplica,
  ) {}

  /**
   * Whether the caller holds the account is decided on the primary; the rows, balances and holder are read from a
   * replica that has the reader's own writes (db/read-replica.ts), as a statement tolerates a moment's staleness.
   */
  async statement(customerId: string, { from, to, format, timeZone, accountId }: StatementRequest, reader?: ReplicaReader): Promise<StatementFile> {
    const name = `strongroom-statement-${from}-to-${to}`;
    const span = daysIn(from, to, timeZone);
    const { customerId: owner, ledgerAccountId } = await rowsOf(this.db, customerId, accountId);
    if (format === 'csv') {
      const rows = await this.replica.read(reader, (db) => statementRows(db, owner, span, ledgerAccountId));
      return { body: statementCsv(rows.map(toTransactionDto)), contentType: 'text/csv; charset=utf-8', fileName: `${name}.csv` };
    }
    const pdf = await this.pdfs.draw(() =>
      this.replica.read(reader, async (db) => {
        const rows = (await statementRows(db, owner, span, ledgerAccountId)).map(toTransactionDto);
        const holder = accountId === undefined ? await statementHolder(db, customerId) : await statementHolderOfAccount(db, accountId);
        const balances = await statementBalances(db, owner, holder.currency, span, ledgerAccountId);
        return { items: rows, holder, period: { from, to, timeZone, ...balances } };
      }),
    );
    return { body: pdf, contentType: 'application/pdf', fileName: `${name}.pdf` };
  }

  close(): Promise<void> {
    return this.pdfs.close();
  }
}
