import { transactionSearch } from './transactions.service';

describe('transactionSearch', () => {
  it('searches the words of description and recipient for the trimmed term, or a whole reference either side, numbering its parameters after the others', () => {
    const params: unknown[] = ['customer'];
    expect(transactionSearch(' Bike ', params)).toBe(
      `(to_tsvector('simple', description || ' ' || coalesce(recipient, '')) @@ transaction_search_query($2) OR reference IN ($3::text, $3::text || 'C'))`,
    );
    expect(params).toEqual(['customer', 'Bike', 'BIKE']);
  });

  it('passes what was typed as values, never as SQL', () => {
    const params: unknown[] = [];
    expect(transactionSearch(`50%_off\\ ') OR true --`, params)).toBe(
      `(to_tsvector('simple', description || ' ' || coalesce(recipient, '')) @@ transaction_search_query($1) OR reference IN ($2::text, $2::text || 'C'))`,
    );
    expect(params).toEqual([`50%_off\\ ') OR true --`, `50%_OFF\\ ') OR TRUE --`]);
  });
});
