import { useEffect, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { DEPOSIT_TERMS, depositQuoteSchema, formatMoney } from '@strongroom/shared';
import { FormField, SelectField, applyServerErrors } from '../../components/FormField';
import { PinDialog } from '../../components/PinDialog';
import { ApiError, newIdempotencyKey } from '../../api/client';
import { useAccounts } from '../accounts/AccountsContext';
import { maskedNumber } from '../accounts/AccountSelect';
import { openDeposit, quoteDeposit, type DepositDto, type DepositQuoteDto, type QuoteBody } from './deposits-api';

/** What the customer confirms with their PIN: the rate locked for the term, the maturity date and the interest. */
function QuoteSummary({ quote }: { quote: DepositQuoteDto }) {
  const money = (amount: string) => formatMoney(amount, quote.currency);
  return (
    <Alert severity="info" icon={false} data-testid="deposit-quote">
      <Typography variant="body2">
        {money(quote.principal)} for {quote.termMonths} months at <strong>{quote.rate}%</strong> a year, fixed.
      </Typography>
      <Typography variant="body2">
        Matures on <strong>{quote.maturityDate}</strong> with <strong data-testid="quote-interest">{money(quote.expectedInterest)}</strong> interest: {money(quote.totalAtMaturity)} in all.
      </Typography>
    </Alert>
  );
}

/** The quote and its PIN, in one sentence. */
const quoteLine = (q: DepositQuoteDto) =>
  `${formatMoney(q.principal, q.currency)} for ${q.termMonths} months at ${q.rate}% a year, fixed: it matures on ${q.maturityDate} with ${formatMoney(q.expectedInterest, q.currency)} interest.`;

/** A changed form needs a new quote before it can be confirmed. */
function ForgetQuoteOnChange({ values, forget }: { values: object; forget(): void }) {
  const text = JSON.stringify(values);
  useEffect(() => forget(), [text]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/**
 * "Open a term deposit": the account to fund it from, the amount and the term; the quote (rate in force today,
 * maturity date, interest to expect) before the transaction PIN.
 */
export function OpenDepositDialog({ open, onClose, onOpened }: { open: boolean; onClose(): void; onOpened(deposit: DepositDto): void }) {
  const { accounts, reload } = useAccounts();
  const sources = accounts.filter((a) => a.status === 'active' && (a.product === 'checking' || a.product === 'savings') && a.role !== 'dependant');
  const [quote, setQuote] = useState<{ body: QuoteBody; answer: DepositQuoteDto } | null>(null);
  const [askPin, setAskPin] = useState(false);
  const [pinError, setPinError] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // One key per intent: a retry after a lost answer does not open a second deposit.
  const [key, setKey] = useState(newIdempotencyKey);
  const close = () => {
    setQuote(null);
    setAskPin(false);
    setError('');
    setPinError('');
    setKey(newIdempotencyKey());
    onClose();
  };
  const confirm = async (pin: string) => {
    if (!quote) return;
    setBusy(true);
    setPinError('');
    try {
      const deposit = await openDeposit(quote.body, pin, key);
      reload();
      onOpened(deposit);
      close();
    } catch (e) {
      const pinRefused = e instanceof ApiError && !!e.errors?.pin;
      if (pinRefused) setPinError(e.errors!.pin);
      else {
        setAskPin(false);
        setError((e as Error).message);
      }
      if (!(e instanceof ApiError) || e.status !== 0) setKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Dialog open={open && !askPin} onClose={close} fullWidth maxWidth="xs" aria-labelledby="open-deposit-title">
        <DialogTitle id="open-deposit-title">Open a term deposit</DialogTitle>
        <Formik
          initialValues={{ sourceAccountId: sources[0]?.id ?? '', amount: '', termMonths: 6 as number }}
          enableReinitialize
          validationSchema={depositQuoteSchema}
          onSubmit={async (values, { setErrors }) => {
            setError('');
            const body = { sourceAccountId: values.sourceAccountId, amount: String(values.amount), termMonths: Number(values.termMonths) } as QuoteBody;
            try {
              setQuote({ body, answer: await quoteDeposit(body) });
            } catch (e) {
              setQuote(null);
              setError((e as Error).message);
              applyServerErrors(e, setErrors);
            }
          }}
        >
          {({ isSubmitting, values }) => (
            <Form noValidate>
              <ForgetQuoteOnChange values={values} forget={() => setQuote(null)} />
              <DialogContent>
                <Stack spacing={2.5} sx={{ pt: 1 }}>
                  <SelectField
                    name="sourceAccountId"
                    label="From account"
                    options={sources.map((a) => a.id)}
                    labelOf={(id) => {
                      const a = sources.find((s) => s.id === id)!;
                      return `${a.name} ${maskedNumber(a.number)} · ${formatMoney(a.availableBalance, a.currency)}`;
                    }}
                    inputProps={{ 'data-testid': 'deposit-source' }}
                  />
                  <FormField name="amount" label="Amount" placeholder="1000.00" inputProps={{ inputMode: 'decimal', 'data-testid': 'deposit-amount' }} helperText="At least 1,000.00" />
                  <SelectField name="termMonths" label="Term" options={DEPOSIT_TERMS.map(String)} labelOf={(m) => `${m} months`} inputProps={{ 'data-testid': 'deposit-term' }} />
                  {quote && <QuoteSummary quote={quote.answer} />}
                  {error && <Alert severity="error">{error}</Alert>}
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={close}>Cancel</Button>
                {quote ? (
                  <Button variant="contained" onClick={() => setAskPin(true)}>
                    Open deposit
                  </Button>
                ) : (
                  <Button type="submit" variant="contained" disabled={isSubmitting}>
                    {isSubmitting ? 'Working it out...' : 'See the rate'}
                  </Button>
                )}
              </DialogActions>
            </Form>
          )}
        </Formik>
      </Dialog>
      <PinDialog
        open={open && askPin}
        title="Confirm your term deposit"
        description={quote ? quoteLine(quote.answer) : ''}
        confirmLabel="Open deposit"
        busy={busy}
        busyLabel="Opening..."
        error={pinError}
        onCancel={() => setAskPin(false)}
        onConfirm={confirm}
      />
    </>
  );
}
