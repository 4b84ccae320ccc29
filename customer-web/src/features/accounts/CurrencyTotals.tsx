import { Card, CardContent, Stack, Typography } from '@mui/material';
import { formatMoney, parseAmountToMinor } from '@strongroom/shared';
import type { AccountDto } from './accounts-api';

/**
 * The balance per currency across the accounts the customer owns or holds jointly: never one figure across currencies
 * (that would need a rate the customer did not ask for). Accounts held as a family member are someone else's money,
 * so they are left out. Currencies keep the order of the accounts (the primary account's first).
 */
export function totalsByCurrency(accounts: AccountDto[]): { currency: string; total: string; count: number }[] {
  const totals = new Map<string, { minor: bigint; count: number }>();
  for (const a of accounts) {
    // Open accounts only: one waiting for approval holds nothing yet, a closed one nothing any more.
    if (a.role === 'dependant' || (a.status !== 'active' && a.status !== 'frozen')) continue;
    const entry = totals.get(a.currency) ?? { minor: 0n, count: 0 };
    entry.minor += parseAmountToMinor(a.balance, a.currency);
    entry.count += 1;
    totals.set(a.currency, entry);
  }
  return [...totals].map(([currency, { minor, count }]) => ({ currency, total: formatMoney(minor, currency), count }));
}

export function CurrencyTotals({ accounts }: { accounts: AccountDto[] }) {
  const totals = totalsByCurrency(accounts);
  if (totals.length === 0) return null;
  return (
    <Card sx={{ height: '100%' }} data-testid="currency-totals">
      <CardContent>
        <Typography color="text.secondary" variant="body2" fontWeight={500} gutterBottom id="currency-totals-title">
          Total per currency
        </Typography>
        <Stack component="dl" direction="row" flexWrap="wrap" useFlexGap spacing={3} sx={{ m: 0 }} aria-labelledby="currency-totals-title">
          {totals.map((t) => (
            <Stack key={t.currency} data-testid={`total-${t.currency}`}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t.currency} · {t.count === 1 ? '1 account' : `${t.count} accounts`}
              </Typography>
              <Typography component="dd" variant="h6" fontWeight={800} sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
                {t.total}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
