import type { DataSource } from 'typeorm';
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

  constructor(private readonly db: DataSource) {}

  async statement(customerId: string, { from, to, format, timeZone, accountId }: StatementRequest): Promise<StatementFile> {
    const name = `strongroom-statement-${from}-to-${to}`;
    const span = daysIn(from, to, timeZone);
    const { customerId: owner, ledgerAccountId } = await rowsOf(this.db, customerId, accountId);
    const items = async () => (await statementRows(this.db, owner, span, ledgerAccountId)).map(toTransactionDto);
    if (format === 'csv') return { body: statementCsv(await items()), contentType: 'text/csv; charset=utf-8', fileName: `${name}.csv` };
    const pdf = await this.pdfs.draw(async () => {
      const [rows, holder] = await Promise.all([items(), accountId === undefined ? statementHolder(this.db, customerId) : statementHolderOfAccount(this.db, accountId)]);
      const balances = await statementBalances(this.db, owner, holder.currency, span, ledgerAccountId);
      return { items: rows, holder, period: { from, to, timeZone, ...balances } };
    });
    return { body: pdf, contentType: 'application/pdf', fileName: `${name}.pdf` };
  }

  close(): Promise<void> {
    return this.pdfs.close();
  }
}
