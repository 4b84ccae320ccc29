import type { DataSource } from 'typeorm';
import { StatementPdfs, statementCsv } from './statement';
import { statementBalances, statementHolder, statementRows } from './transactions.queries';
import { toTransactionDto } from './transactions.service';

export interface StatementRequest {
  /** Calendar days, 'YYYY-MM-DD', both included. */
  from: string;
  to: string;
  format: 'csv' | 'pdf';
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

  async statement(customerId: string, { from, to, format }: StatementRequest): Promise<StatementFile> {
    const name = `strongroom-statement-${from}-to-${to}`;
    const items = async () => (await statementRows(this.db, customerId, from, to)).map(toTransactionDto);
    if (format === 'csv') return { body: statementCsv(await items()), contentType: 'text/csv; charset=utf-8', fileName: `${name}.csv` };
    const pdf = await this.pdfs.draw(async () => {
      const [rows, holder] = await Promise.all([items(), statementHolder(this.db, customerId)]);
      const balances = await statementBalances(this.db, customerId, holder.currency, from, to);
      return { items: rows, holder, period: { from, to, ...balances } };
    });
    return { body: pdf, contentType: 'application/pdf', fileName: `${name}.pdf` };
  }

  close(): Promise<void> {
    return this.pdfs.close();
  }
}
