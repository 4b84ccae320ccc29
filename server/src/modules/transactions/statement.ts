import PDFDocument from 'pdfkit';
import { formatDate, formatLongDate, formatMoney, minorToDecimal, type TransactionDto } from '@strongroom/shared';

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

/** 'YYYY-MM-DD' read at noon UTC, so the day printed is that day in any time zone. */
const calendarDay = (isoDay: string) => formatDate(`${isoDay}T12:00:00Z`);

export interface StatementPeriod {
  from: string;
  to: string;
  openingMinor: bigint;
  closingMinor: bigint;
}

export function statementPdf(items: TransactionDto[], holder: { name: string; accountNumber: string; currency: string }, period: StatementPeriod): Promise<Buffer> {
  const { from, to } = period;
  const money = (minor: bigint) => formatMoney(minorToDecimal(minor, holder.currency), holder.currency);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Strongroom statement ${from} to ${to}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).fillColor('#0b3d91').text('Strongroom Bank', { continued: false });
    doc.moveDown(0.3).fontSize(12).fillColor('#000').text(`Statement for ${holder.name}`);
    doc.fontSize(10).fillColor('#444').text(`Account ${holder.accountNumber} · ${holder.currency} · ${from} to ${to}`);
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
        .text(`${formatLongDate(t.createdAt)}  ${t.reference}`, { continued: false });
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
