import type PDFDocument from 'pdfkit';
import type { TransactionDto } from '@strongroom/shared';
import { FunctionThread } from '../../common/function-thread';
import { STATEMENT_DRAWINGS_MAX, statementsBusy } from './transactions.errors';

function csvCell(value: string | null | undefined): string {
  const text = value ?? '';
  // Quote everything; neutralise spreadsheet formulas (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function statementCsv(items: TransactionDto[]): string {
  const header = ['Date', 'Reference', 'Description', 'Type', 'Status', 'Amount', 'Fees', 'Currency', 'Balance after'];
  const lines = items.map((t) =>
    [t.createdAt, t.reference, t.description, t.type, t.status, t.type === 'debit' ? `-${t.amount}` : t.amount, t.fees, t.currency, t.balanceAfter ?? ''].map(csvCell).join(','),
  );
  return [header.map(csvCell).join(','), ...lines].join('\r\n') + '\r\n';
}

export interface StatementPeriod {
  from: string;
  to: string;
  /** The customer's time zone: the period's days and each row's time are told in it. */
  timeZone: string;
  openingMinor: bigint;
  closingMinor: bigint;
}

export interface StatementInput {
  items: TransactionDto[];
  holder: { name: string; accountNumber: string; currency: string };
  period: StatementPeriod;
}

interface StatementModules {
  pdfkit: typeof PDFDocument;
  shared: typeof import('@strongroom/shared');
}

/**
 * The statement as a PDF. Drawing it is synchronous and takes ~40 ms for 100 rows and ~1 s for the most a statement
 * holds (5,000), so it runs in a worker thread (docs/decisions/0046): this function travels there as source text
 * and may use only its arguments.
 */
function drawStatementPdf(modules: StatementModules, input: StatementInput): Promise<Buffer> {
  const { formatDate, formatLongDate, formatMoney, minorToDecimal } = modules.shared;
  const { items, holder, period } = input;
  const { from, to, timeZone } = period;
  /** 'YYYY-MM-DD' read at noon UTC, so the day printed is that day in any time zone. */
  const calendarDay = (isoDay: string) => formatDate(`${isoDay}T12:00:00Z`);
  const money = (minor: bigint) => formatMoney(minorToDecimal(minor, holder.currency), holder.currency);
  return new Promise((resolve, reject) => {
    const doc = new modules.pdfkit({ size: 'A4', margin: 48, info: { Title: `Strongroom statement ${from} to ${to}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).fillColor('#0b3d91').text('Strongroom Bank', { continued: false });
    doc.moveDown(0.3).fontSize(12).fillColor('#000').text(`Statement for ${holder.name}`);
    doc.fontSize(10).fillColor('#444').text(`Account ${holder.accountNumber} · ${holder.currency} · ${from} to ${to} · times in ${timeZone}`);
    doc
      .moveDown(0.5)
      .fontSize(11)
      .fillColor('#000')
      .text(`Opening balance on ${calendarDay(from)}: ${money(period.openingMinor)}`);
    doc.moveDown();
    if (items.length === 0) doc.fontSize(11).fillColor('#000').text('No transactions in this period.');
    for (const t of items) {
      const signed = formatMoney(t.amount, t.currency, { sign: t.type === 'credit' ? 'credit' : 'debit' });
      doc
        .fontSize(10)
        .fillColor('#000')
        .text(`${formatLongDate(t.createdAt, timeZone)}  ${t.reference}`, { continued: false });
      doc.fillColor('#333').text(`${t.description} · ${t.status}${t.fees !== '0.00' ? ` · fee ${formatMoney(t.fees, t.currency)}` : ''}`, { indent: 12 });
      doc.fillColor(t.type === 'credit' ? '#0f7b3f' : '#b00020').text(signed, { align: 'right' });
      doc.moveDown(0.4);
    }
    doc
      .moveDown(0.5)
      .fontSize(11)
      .fillColor('#000')
      .text(`Closing balance on ${calendarDay(to)}: ${money(period.closingMinor)}`);
    doc.end();
  });
}

const statementThread = () => new FunctionThread<StatementModules, StatementInput, Uint8Array>(drawStatementPdf, { pdfkit: 'pdfkit', shared: '@strongroom/shared' });

/**
 * Draws statements in a thread of their own, one at a time; `close` ends it with the server. At most
 * STATEMENT_DRAWINGS_MAX are read, drawn or waiting at once: a longer queue would only hold each customer longer than
 * a retry would, and the thread's memory with it. The place is taken before the statement's rows are read, so a
 * refused request reads nothing.
 */
export class StatementPdfs {
  private readonly thread = statementThread();
  private drawing = 0;

  async draw(read: () => Promise<StatementInput>): Promise<Buffer> {
    if (this.drawing >= STATEMENT_DRAWINGS_MAX) throw statementsBusy();
    this.drawing++;
    try {
      const drawn = await this.thread.run(await read());
      return Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength);
    } finally {
      this.drawing--;
    }
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
