import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { formatMoney } from '@strongroom/shared';
import { PinDialog } from '../../components/PinDialog';
import { ApiError, newIdempotencyKey } from '../../api/client';
import { setRenewal, withdrawDeposit, withdrawalQuote, type DepositDto, type WithdrawalQuoteDto } from './deposits-api';

const withdrawalLine = (q: WithdrawalQuoteDto) => {
  const money = (amount: string) => formatMoney(amount, q.currency);
  return `You receive ${money(q.payout)}: the principal of ${money(q.principal)} and ${money(q.interest)} of the ${money(q.accruedInterest)} interest earned so far. The interest of the last ${q.forfeitDays} days, ${money(q.forfeit)}, is forfeited.`;
};

/** One deposit: its figures, the renewal switch (until maturity) and "Withdraw early" with the forfeit shown before the PIN. */
export function DepositDetailDialog({ deposit, onClose, onChanged }: { deposit: DepositDto | null; onClose(): void; onChanged(message?: string): void }) {
  const [renew, setRenew] = useState<boolean | null>(null);
  const [quote, setQuote] = useState<WithdrawalQuoteDto | null>(null);
  const [error, setError] = useState('');
  const [pinError, setPinError] = useState('');
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  if (!deposit) return null;
  const money = (amount: string) => formatMoney(amount, deposit.currency);
  const active = deposit.status === 'active';
  const canManage = active && deposit.role !== 'dependant';
  const renewing = renew ?? deposit.renew;
  const close = () => {
    setRenew(null);
    setQuote(null);
    setError('');
    setPinError('');
    onClose();
  };
  const toggle = async (next: boolean) => {
    setError('');
    try {
      setRenew((await setRenewal(deposit.id, next)).renew);
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const askWithdrawal = async () => {
    setError('');
    try {
      setQuote(await withdrawalQuote(deposit.id));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const withdraw = async (pin: string) => {
    setBusy(true);
    setPinError('');
    try {
      const answer = await withdrawDeposit(deposit.id, pin, key);
      close();
      onChanged(answer.message);
    } catch (e) {
      if (e instanceof ApiError && e.errors?.pin) setPinError(e.errors.pin);
      else {
        setQuote(null);
        setError((e as Error).message);
      }
      if (!(e instanceof ApiError) || e.status !== 0) setKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };
  const rows: [string, string][] = [
    ['Principal', money(deposit.principal)],
    ['Rate', `${deposit.rate}% a year, fixed`],
    ['Term', `${deposit.termMonths} months, ${deposit.startDate} to ${deposit.maturityDate}`],
    ['Interest at maturity', money(deposit.expectedInterest)],
    ...(active ? ([['Earned so far', money(deposit.accruedInterest)]] as [string, string][]) : []),
    ...(deposit.renewals > 0 ? ([['Renewed', `${deposit.renewals} times`]] as [string, string][]) : []),
    ...(!active ? ([['Interest paid', money(deposit.interestPaid)]] as [string, string][]) : []),
    ...(deposit.status === 'withdrawn' ? ([['Interest forfeited', money(deposit.forfeited)]] as [string, string][]) : []),
  ];
  return (
    <>
      <Dialog open={!quote} onClose={close} fullWidth maxWidth="sm" aria-labelledby="deposit-title">
        <DialogTitle id="deposit-title">
          {deposit.name} · {deposit.accountNumber}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {!active && <Alert severity="info">This deposit {deposit.status === 'matured' ? 'matured and was paid out' : 'was withdrawn early'}.</Alert>}
            <Table size="small">
              <TableBody>
                {rows.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row">
                      {label}
                    </TableCell>
                    <TableCell>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {active && (
              <Box>
                <FormControlLabel control={<Switch checked={renewing} disabled={!canManage} onChange={(e) => void toggle(e.target.checked)} />} label="Renew at maturity" />
                <Typography variant="body2" color="text.secondary">
                  {renewing ? 'The interest is added and the same term starts again, at the rate of the day.' : 'Paid out at maturity, with the interest, to the account it came from.'}
                </Typography>
              </Box>
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          {canManage && (
            <Button color="error" onClick={() => void askWithdrawal()}>
              Withdraw early
            </Button>
          )}
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
      <PinDialog
        open={!!quote}
        title="Withdraw early"
        description={quote ? <span data-testid="withdrawal-quote">{withdrawalLine(quote)}</span> : ''}
        confirmLabel="Withdraw"
        busy={busy}
        busyLabel="Withdrawing..."
        error={pinError}
        onCancel={() => setQuote(null)}
        onConfirm={withdraw}
      />
    </>
  );
}
