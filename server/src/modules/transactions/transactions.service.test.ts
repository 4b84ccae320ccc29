import { transactionSearch } from './transactions.service';

describe('transactionSearch', () => {
  it('searches description and recipient for the trimmed term, or a whole reference either side, numbering its parameters after the others', () => {
    const params: unknown[] = ['customer'];
    expect(transactionSearch(' Bike ', params, 't')).toBe(`((t.description || ' ' || coalesce(t.recipient, '')) ILIKE $2 OR t.reference IN ($3::text, $3::text || 'C'))`);
    expect(params).toEqual(['customer', '%Bike%', 'BIKE']);
  });

  it('takes wildcards and backslashes literally', () => {
    const params: unknown[] = [];
    expect(transactionSearch('50%_off\\', params)).toBe(`((description || ' ' || coalesce(recipient, '')) ILIKE $1 OR reference IN ($2::text, $2::text || 'C'))`);
    expect(params).toEqual(['%50\\%\\_off\\\\%', '50%_OFF\\']);
  });
});
