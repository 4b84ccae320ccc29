import { transactionSearch } from './transactions.service';

describe('transactionSearch', () => {
  it('searches description, recipient and reference for the trimmed term, numbering its parameter after the others', () => {
    const params: unknown[] = ['customer'];
    expect(transactionSearch(' Bike ', params, 't')).toBe(`(t.description || ' ' || coalesce(t.recipient,'') || ' ' || t.reference) ILIKE $2`);
    expect(params).toEqual(['customer', '%Bike%']);
  });

  it('takes wildcards and backslashes literally', () => {
    const params: unknown[] = [];
    expect(transactionSearch('50%_off\\', params)).toBe(`(description || ' ' || coalesce(recipient,'') || ' ' || reference) ILIKE $1`);
    expect(params).toEqual(['%50\\%\\_off\\\\%']);
  });
});
