import { inflateSync } from 'node:zlib';

/**
 * The text lines of a PDF written by pdfkit with its standard fonts: each content stream inflated, each TJ array's
 * hex strings joined (the numbers between them are only kerning). Enough to read what a statement says.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(raw); match; match = streamStart.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a compressed content stream (fonts, images)
    }
    for (const tj of content.match(/\[(.*?)\] TJ/g) ?? []) {
      lines.push([...tj.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''));
    }
  }
  return lines;
}
