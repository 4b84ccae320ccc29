import { useEffect, useState } from 'react';
import { Box, Card, CardContent, Grid, InputAdornment, List, MenuItem, Pagination, Skeleton, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useSearchParams } from 'react-router-dom';
import { TRANSACTION_STATUSES } from '@strongroom/shared';
import { useApi } from '../../api/useApi';
import type { QueryOf } from '../../api/client';

type Query = QueryOf<'/v1/transaction'>;
import { TransactionRow } from '../../components/TransactionRow';
import { StatementCard } from './StatementCard';
import { useAccounts } from '../accounts/AccountsContext';

const PAGE_SIZE = 20;

export default function TransactionsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const type = params.get('type') ?? 'all';
  const status = params.get('status') ?? 'all';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [search, setSearch] = useState(q);

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v && v !== 'all' && !(k === 'page' && v === '1')) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  // Debounced search: the server does the searching, over indexes.
  useEffect(() => {
    if (search === q) return;
    const id = setTimeout(() => update({ q: search.trim(), page: '1' }), 350);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  // The account chosen in the switcher (asked for once the accounts are known, so the list is not fetched twice).
  const { selected, loading: accountsLoading } = useAccounts();
  const accountId = selected ? { accountId: selected.id } : {};
  const { data, loading, error } = useApi(accountsLoading && !selected ? null : '/v1/transaction', {
    params: { query: { page, pageSize: PAGE_SIZE, type: type as Query['type'], status: status as Query['status'], ...(q ? { q } : {}), ...accountId } },
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={800}>
        Transactions
      </Typography>
      <Card>
        <CardContent>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                fullWidth
                placeholder="Search description, recipient or reference"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                InputProps={{
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon />
                    </InputAdornment>
                  ),
                }}
                inputProps={{ 'aria-label': 'Search transactions' }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField select fullWidth label="Type" value={type} onChange={(e) => update({ type: e.target.value, page: '1' })}>
                {['all', 'debit', 'credit'].map((t) => (
                  <MenuItem key={t} value={t}>
                    {t === 'all' ? 'All' : t[0].toUpperCase() + t.slice(1)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField select fullWidth label="Status" value={status} onChange={(e) => update({ status: e.target.value, page: '1' })}>
                {['all', ...TRANSACTION_STATUSES].map((s) => (
                  <MenuItem key={s} value={s}>
                    {s === 'all' ? 'All' : s[0].toUpperCase() + s.slice(1)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          </Grid>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          {error && <Typography color="error">{error.message}</Typography>}
          {loading && !data ? (
            <Stack spacing={1}>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} variant="rounded" height={56} />
              ))}
            </Stack>
          ) : data && data.items.length > 0 ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {data.total.toLocaleString('en-US')}
                {data.totalCapped ? '+' : ''} transaction{data.total === 1 ? '' : 's'}
              </Typography>
              <List disablePadding>
                {data.items.map((tx) => (
                  <TransactionRow key={tx.id} tx={tx} />
                ))}
              </List>
              {pages > 1 && (
                <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
                  <Pagination count={pages} page={page} onChange={(_e, p) => update({ page: String(p) })} color="primary" />
                </Box>
              )}
            </>
          ) : (
            <Box sx={{ textAlign: 'center', py: 6 }}>
              <Typography variant="h6" component="h2" fontWeight={700}>
                No transactions found
              </Typography>
              <Typography color="text.secondary">Try adjusting your search or filters.</Typography>
              {q && (
                // Search matches the beginnings of words, and a reference whole (docs/decisions/0021-search-by-words.md,
                // 0018-reference-search.md): say so, or a customer who typed part of a word would think the payment is missing.
                <Typography color="text.secondary">Search looks for words that start with what you type. To find a payment by its reference, enter all of it.</Typography>
              )}
            </Box>
          )}
        </CardContent>
      </Card>
      <StatementCard />
    </Stack>
  );
}
