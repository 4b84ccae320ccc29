import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import SavingsIcon from '@mui/icons-material/Savings';
import { formatCalendarDate, formatDate, formatMoney } from '@strongroom/shared';
import { Money } from '../../components/Money';
import { getAccountInterest, type AccountInterestDto, type RateBandDto } from './interest-api';

/** Interest-bearing products: the others answer earnsInterest false and show nothing. */
export const EARNS_INTEREST = new Set(['savings', 'fixed_deposit']);

/** '1.50% a year on balances up to $9,999.99', '2.25% a year on the part above $10,000.00'; one tier: '1.50% a year'. */
export function tierWords(bands: RateBandDto[], currency: string): string[] {
  if (bands.length === 1) return [`${bands[0].ratePercent}% a year`];
  return bands.map((band) =>
    band.to === null
      ? `${band.ratePercent}% a year on the part of the balance from ${formatMoney(band.from, currency)}`
      : `${band.ratePercent}% a year on the balance up to ${formatMoney(band.to, currency)}`,
  );
}

const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** A month paid for ('2026-11') as people read it: 'November 2026' (a calendar month: no time zone may shift it). */
const monthWords = (period: string) => MONTH_YEAR.format(new Date(Number(period.slice(0, 4)), Number(period.slice(5, 7)) - 1, 1));

function Figure({ label, amount, currency, note, testId }: { label: string; amount: string; currency: string; note?: string; testId: string }) {
  return (
    <Box sx={{ flex: '1 1 200px' }} data-testid={testId}>
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography variant="h5" component="p" fontWeight={800}>
        <Money amount={amount} currency={currency} />
      </Typography>
      {note && (
        <Typography color="text.secondary" variant="caption">
          {note}
        </Typography>
      )}
    </Box>
  );
}

function TermDepositTerms({ interest }: { interest: AccountInterestDto }) {
  const deposit = interest.termDeposit;
  if (!deposit) return null;
  return (
    <Typography data-testid="term-deposit-terms">
      {deposit.termMonths} months at {deposit.ratePercent}% a year (locked), on {formatMoney(deposit.principal, interest.currency)}; matures on {formatCalendarDate(deposit.maturityDate)}
      {deposit.renew ? ', then renews for the same term' : ''}.
    </Typography>
  );
}

function InterestFigures({ interest }: { interest: AccountInterestDto }) {
  const monthly = interest.paidOn === 'monthly';
  const last = interest.lastPayments?.[0];
  return (
    <Stack direction="row" spacing={3} flexWrap="wrap" useFlexGap>
      <Figure
        label={monthly ? 'Interest this month so far' : 'Interest earned so far'}
        amount={interest.accrued ?? '0.00'}
        currency={interest.currency}
        note={interest.accruedThrough ? `Up to the end of ${formatCalendarDate(interest.accruedThrough)}` : 'Starts at the end of the first day'}
        testId="interest-accrued"
      />
      <Figure
        label="Interest paid this year"
        amount={interest.paidThisYear ?? '0.00'}
        currency={interest.currency}
        note={last ? `Last paid ${formatMoney(last.amount, interest.currency)}${last.period ? ` for ${monthWords(last.period)}` : ` on ${formatDate(last.paidAt)}`}` : undefined}
        testId="interest-paid-year"
      />
    </Stack>
  );
}

/** What a savings account or term deposit earns: its rates, this month so far, this year, and how interest works. */
export function InterestSection({ accountId, product }: { accountId: string; product: string }) {
  const [interest, setInterest] = useState<AccountInterestDto | null>(null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (!EARNS_INTEREST.has(product)) return;
    const ctrl = new AbortController();
    getAccountInterest(accountId, ctrl.signal)
      .then(setInterest)
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setError(e);
      });
    return () => ctrl.abort();
  }, [accountId, product]);
  if (!EARNS_INTEREST.has(product)) return null;
  if (error) return <Alert severity="warning">We could not load this account&apos;s interest: {error.message}</Alert>;
  if (!interest) return <Skeleton variant="rounded" height={180} />;
  if (!interest.earnsInterest) return null;
  const bands = interest.rates ?? [];
  return (
    <Card component="section" aria-labelledby="interest-heading" data-testid="account-interest">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <SavingsIcon color="primary" />
            <Typography variant="h6" component="h2" fontWeight={700} id="interest-heading">
              Interest
            </Typography>
            {interest.currentRate && <Chip size="small" color="primary" label={`${interest.currentRate.ratePercent}% a year`} data-testid="interest-current-rate" />}
          </Stack>
          {interest.termDeposit ? (
            <TermDepositTerms interest={interest} />
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="interest-rates">
              {tierWords(bands, interest.currency).map((line) => (
                <Typography component="li" key={line}>
                  {line}
                </Typography>
              ))}
            </Box>
          )}
          <Divider />
          <InterestFigures interest={interest} />
          <Typography color="text.secondary" variant="body2" data-testid="interest-how">
            How interest works:{' '}
            {interest.paidOn === 'monthly'
              ? 'it is worked out every day on the balance at the end of the day, and paid into this account on the 1st of each month for the month before.'
              : 'it is worked out every day on the deposit at its locked rate, and paid at maturity with the deposit.'}{' '}
            Rates are yearly: each day earns {interest.dayCount === 'actual/360' ? '1/360' : '1/365'} of a year&apos;s interest.
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
