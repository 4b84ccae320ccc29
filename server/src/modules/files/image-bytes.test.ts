import { decodeDataUrl, detectUploadType, isWholePdf } from './image-bytes';

describe('decodeDataUrl', () => {
  it('decodes a base64 data URL, line breaks in the payload included', () => {
    expect(decodeDataUrl('data:image/png;base64,aGVs\nbG8=')?.toString()).toBe('hello');
    expect(decodeDataUrl('data:;base64,aGVsbG8=')?.toString()).toBe('hello');
  });

  it('refuses what is not a base64 data URL', () => {
    for (const value of [
      '',
      'hello',
      'data:image/png,aGVsbG8=',
      'data:image/png;base64,',
      'data:image/png;base64,aGV$bG8=',
      'data:image/p<ng;base64,aGVsbG8=',
      `data:${'x'.repeat(200)};base64,aGVsbG8=`,
    ]) {
      expect({ value: value.slice(0, 40), bytes: decodeDataUrl(value) }).toEqual({ value: value.slice(0, 40), bytes: undefined });
    }
  });

  it('reads a payload of many megabytes, and finds a bad character at its very end', () => {
    const bytes = Buffer.alloc(12 * 1024 * 1024, 7);
    const value = `data:image/png;base64,${bytes.toString('base64')}`;
    expect(decodeDataUrl(value)?.equals(bytes)).toBe(true);
    expect(decodeDataUrl(`${value}!`)).toBeUndefined();
  });
});

describe('detectUploadType', () => {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

  it('knows a PDF by both of its ends, with a little padding after the end mark', () => {
    expect(detectUploadType(pdf)).toBe('application/pdf');
    expect(isWholePdf(Buffer.concat([pdf, Buffer.alloc(500, 0x20)]))).toBe(true);
    expect(isWholePdf(Buffer.from('%PDF-2.0\n' + 'x'.repeat(5000) + '%%EOF'))).toBe(true);
  });

  it('refuses a file that only begins like a PDF, one cut short, and text that mentions one', () => {
    expect(isWholePdf(pdf.subarray(0, pdf.length - 7))).toBe(false);
    expect(isWholePdf(Buffer.concat([pdf, Buffer.alloc(2000, 0x20)]))).toBe(false);
    expect(isWholePdf(Buffer.from('my bill, %PDF-1.4 and %%EOF'))).toBe(false);
    expect(isWholePdf(Buffer.from('%PDF-9.1\n' + 'x'.repeat(20) + '%%EOF'))).toBe(false);
    expect(detectUploadType(Buffer.from('GIF89a...'))).toBeUndefined();
  });

  it('still knows the images first', () => {
    expect(detectUploadType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
  });
});
