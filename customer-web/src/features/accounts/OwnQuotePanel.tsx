import { useState } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { describeRate, formatMoney } from '@strongroom/shared';
import { ApiError, newIdempotencyKey } from '../../api/client';
import { SummaryRows } from '../transfers/TransferCodeModal';
import { moveOwnMoney, type AccountDto, type OwnQuoteDto } from './accounts-api';
import { shortLabel } from './AccountsContext';

export interface OwnMove {
  from: AccountDto;
  to: AccountDto;
  quote: OwnQuoteDto;
  /** The Idempotency-Key of this intent: kept when the same move is tried again after a lost answer. */
  key: string;
}

function rows({ from, to, quote }: OwnMove): [string, string][] {
  const converted = from.currency !== to.currency;
  return [
    ['From', shortLabel(from)],
    ['To', shortLabel(to)],
    ['You move', formatMoney(quote.amount, quote.currency)],
    ...(converted ? ([['Rate', describeRate(quote.currency, quote.rate, quote.creditCurrency)]] as [string, string][]) : []),
    ['Credited', formatMoney(quote.creditAmount, quote.creditCurrency)],
  ];
}

/**
 * The quote of a move between the customer's own accounts, then its confirmation: a PIN when the server asks for one
 * or when the money leaves an account held as a family member. A refusal (a limit, the balance) is said plainly above
 * the buttons, where the customer is looking.
 */
export function OwnQuotePanel({ move, onCancel, onDone }: { move: OwnMove; onCancel(): void; onDone(message: string): void }) {
  const [key, setKey] = useState(move.key);
  const [pin, setPin] = useState('');
  const [askPin, setAskPin] = useState(!!move.quote.pinRequired || move.from.role === 'dependant');
  const [refusal, setRefusal] = useState('');
  const [locked, setLocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (askPin && !/^\d{4}$/.test(pin)) return setRefusal('Enter your 4-digit transaction PIN');
    setBusy(true);
    setRefusal('');
    try {
      onDone(await moveOwnMoney({ fromAccountId: move.from.id, toAccountId: move.to.id, amount: move.quote.amount, ...(askPin ? { pin } : {}) }, key));
    } catch (e) {
      const err = e as ApiError;
      setRefusal(err.message);
      if (err.errors?.pin) setAskPin(true);
      setLocked(err instanceof ApiError && err.locked);
      setPin('');
      // Refused: the server booked nothing, so another try is a new intent. A lost answer (status 0) keeps the key.
      if (!(err instanceof ApiError) || err.status !== 0) setKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} data-testid="own-quote">
      <SummaryRows rows={rows(move)} />
      {askPin && (
        <TextField
          label="Transaction PIN"
          type="password"
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
          disabled={locked}
          inputProps={{ inputMode: 'numeric', maxLength: 4, autoComplete: 'off' }}
          autoFocus
        />
      )}
      {refusal && (
        <Alert severity="error" role="alert" data-testid="move-refusal">
          {refusal}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={onCancel}>Change</Button>
        <Button variant="contained" size="large" onClick={() => void confirm()} disabled={busy || locked}>
          {busy ? 'Moving...' : `Move ${formatMoney(move.quote.amount, move.quote.currency)}`}
        </Button>
      </Box>
    </Stack>
  );
}
