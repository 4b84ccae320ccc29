import { decodeDataUrl } from './image-bytes';

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
