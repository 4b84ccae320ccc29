import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Skeleton, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatCalendarDate, formatMoney } from '@strongroom/shared';
import { DetailSection } from '../components/DetailGrid';
import { api } from '../providers/api';
import type { AccountRecord } from './account-record';

type StaffAccountInterest = Awaited<ReturnType<typeof accountInterest>>;

/** An account's interest as staff read it (GET /v1/admin/interest/accounts/{accountId}, docs/decisions/0063-interest.md). */
function accountInterest(accountId: string) {
  return api.GET('/v1/admin/interest/accounts/{accountId}', { params: { path: { accountId } } });
}

/** Interest-bearing products: the others show no interest section. */
const EARNS_INTEREST = new Set(['savings', 'fixed_deposit']);

function Cell({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

function rateLines(interest: StaffAccountInterest): string[] {
  const rates = interest.ratesInForce ?? [];
  if (rates.length === 0) return ['—'];
  return rates.map((r) =>
    rates.length === 1
      ? `${r.ratePercent}%`
      : `${r.ratePercent}% ${r.to ? `from ${formatMoney(r.from ?? '0.00', interest.currency)} to ${formatMoney(r.to, interest.currency)}` : `from ${formatMoney(r.from ?? '0.00', interest.currency)}`}`,
  );
}

function InterestCells({ interest }: { interest: StaffAccountInterest }) {
  const applied = interest.ratesApplied;
  return (
    <>
      <Cell label="Rate in force" testId="interest-rate">
        {rateLines(interest).map((line) => (
          <div key={line}>{line}</div>
        ))}
      </Cell>
      <Cell label="Accrued, not yet paid" testId="interest-accrued">
        {formatMoney(interest.accrued, interest.currency)}
        <Typography variant="caption" color="text.secondary" component="div">
          {interest.accruedMinor} minor units, exactly
          {applied ? ` · at ${applied.lowPercent === applied.highPercent ? `${applied.lowPercent}%` : `${applied.lowPercent}% to ${applied.highPercent}%`}` : ''}
        </Typography>
      </Cell>
      <Cell label="Accrued through" testId="interest-accrued-through">
        {interest.accruedThrough ? formatCalendarDate(interest.accruedThrough) : 'Not yet accrued'}
      </Cell>
      <Cell label="Paid this year" testId="interest-paid-year">
        {formatMoney(interest.paidThisYear, interest.currency)}
        {interest.postedThrough && (
          <Typography variant="caption" color="text.secondary" component="div">
            Paid through {formatCalendarDate(interest.postedThrough)}
          </Typography>
        )}
      </Cell>
    </>
  );
}

/** The account page's Interest section: the rate in force, what has accrued and through when, what was paid this year. */
export function AccountInterest() {
  const record = useRecordContext<AccountRecord>();
  const earns = !!record && EARNS_INTEREST.has(record.product);
  const [interest, setInterest] = useState<StaffAccountInterest | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!record || !earns) return;
    let live = true;
    accountInterest(String(record.id))
      .then((answer) => live && setInterest(answer))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [record, earns]);
  if (!earns) return null;
  return (
    <DetailSection title="Interest" columns={4}>
      {error ? <Alert severity="warning">Could not load the interest: {error}</Alert> : interest ? <InterestCells interest={interest} /> : <Skeleton variant="rounded" height={48} />}
    </DetailSection>
  );
}
