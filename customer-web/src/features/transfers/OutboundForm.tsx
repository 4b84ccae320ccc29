import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, CardContent, Grid, MenuItem, Typography } from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import { useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import {
  INTERNATIONAL_FEE,
  REPEAT_CHOICES,
  REPEAT_LABELS,
  SUPPORT,
  SUPPORT_LARGE_TRANSFER,
  TRANSFER_CURRENCIES,
  TRANSFER_PURPOSES,
  formatMoney,
  internationalTransferSchema,
  localTransferSchema,
  todayIsoDate,
  type TransferSummaryDto,
} from '@strongroom/shared';
import { api, newIdempotencyKey, idempotent, type QueryOf, type RequestBody } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { FormField, applyServerErrors } from '../../components/FormField';
import { SummaryRows, summaryRows } from './TransferCodeModal';
import { INSUFFICIENT_FUNDS, exceedsBalance, isLarge } from './transfer-checks';
import { customerTimeZone } from '../../api/time-zone';
import { PayAgain, useRecentPayees } from './PayAgain';
import { AccountSelect } from '../accounts/AccountSelect';
import { accountIdOf, useAccountChoice } from '../accounts/account-uses';
import type { AccountDto } from '../accounts/accounts-api';

const PENDING = '\u2014';

type QuoteAnswer = Omit<TransferSummaryDto, 'recipientName' | 'executeOn'>;

/** The quote's question: from the account paid from (its currency is the quote's), and the payee's currency abroad. */
const quoteQuery = (type: 'local' | 'international', amount: string, currency: string | undefined, account: AccountDto | null) =>
  ({ type, amount, ...(type === 'international' && currency ? { currency } : {}), ...accountIdOf(account) }) as QueryOf<'/v1/transfer/quote'>;

/**
 * Fee, rate and total from the server, shown before the customer confirms (docs/decisions/0004). The card is always
 * there, with dashes until the quote for the amount typed has come back: its arrival fills the lines in place and
 * never moves the Continue button under a customer's (or a test's) pointer.
 */
function QuotePreview({ type, account }: { type: 'local' | 'international'; account: AccountDto | null }) {
  const { values } = useFormikContext<Record<string, string>>();
  const { user } = useAuth();
  const ownCurrency = account?.currency ?? user?.currency ?? 'USD';
  // The server's quote with what it was asked for: one for an amount or currency no longer in the form is never shown.
  // The recipient's name is the form's own, so typing it asks the server nothing.
  const [quote, setQuote] = useState<{ askedFor: string; answer: QuoteAnswer | null } | null>(null);
  const amount = values.amount;
  const currency = values.currency;
  const asked = `${amount} ${currency ?? ''} ${account?.id ?? ''}`;
  const valid = /^\d+(\.\d{1,2})?$/.test(amount ?? '');
  useEffect(() => {
    if (!valid) return;
    const id = setTimeout(() => {
      api
        .GET('/v1/transfer/quote', { params: { query: quoteQuery(type, amount, currency, account) } })
        .then((answer) => setQuote({ askedFor: asked, answer }))
        .catch(() => setQuote({ askedFor: asked, answer: null }));
    }, 300);
    return () => clearTimeout(id);
  }, [amount, currency, type, valid, asked, account]);
  const recipientName = values.recipientName || PENDING;
  const shown = valid && quote?.askedFor === asked ? quote.answer : null;
  const repeat = isRepeating(values.repeat) ? { frequency: values.repeat, untilOn: values.repeatUntil || null } : undefined;
  // Until then the same lines, dashed: a payment in another currency adds what they receive and the rate.
  const converted = type === 'international' && !!currency && currency !== ownCurrency;
  const pendingRows = summaryRows({
    recipientName,
    amount: '0',
    fee: '0',
    total: '0',
    currency: ownCurrency,
    ...(converted ? { convertedAmount: '0', paymentCurrency: currency, rate: '1' } : {}),
  }).map(([label, value]): [string, string] => [label, label === 'Recipient' ? value : PENDING]);
  return (
    <Card
      variant="outlined"
      sx={{ bgcolor: 'action.hover' }}
      data-testid="quote"
      // Busy only while the quote for a valid amount is on its way; the amount its figures are for, once they are shown.
      aria-busy={valid && quote?.askedFor !== asked}
      data-quoted-amount={shown ? amount : undefined}
    >
      <CardContent>
        <Typography fontWeight={700} gutterBottom>
          Before you confirm
        </Typography>
        <SummaryRows rows={shown ? summaryRows({ ...shown, recipientName, repeat }) : pendingRows} />
      </CardContent>
    </Card>
  );
}

const isRepeating = (value: string | undefined): value is 'weekly' | 'monthly' => value === 'weekly' || value === 'monthly';

/** What the form sends: a memo, a repeat and a last date only when the customer gave one. */
const requestBody = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([field, value]) => !(['memo', 'repeatUntil'].includes(field) && value === '') && !(field === 'repeat' && value === 'none')));

/** The 'Local bank' and 'International' tabs: the transfer is started here, then approved in TransferCodeModal. */
export function OutboundForm({ kind }: { kind: 'local' | 'international' }) {
  const [params, setParams] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const { user } = useAuth();
  const [key, setKey] = useState(newIdempotencyKey);
  const international = kind === 'international';
  const recentPayees = useRecentPayees();
  // International payments need an owner or joint holder; a family member pays locally from a shared account.
  const from = useAccountChoice(international ? 'payAbroad' : 'pay');
  const ownCurrency = from.account?.currency ?? user?.currency ?? 'USD';
  const initial: Record<string, string> = international
    ? {
        recipientName: '',
        recipientEmail: '',
        recipientPhone: '',
        recipientAddress: '',
        recipientCity: '',
        recipientCountry: '',
        recipientBankName: '',
        recipientBankAddress: '',
        recipientAccountNumber: '',
        recipientRoutingNumber: '',
        swiftCode: '',
        amount: '',
        currency: ownCurrency,
        purpose: '',
        memo: '',
        transferDate: todayIsoDate(),
      }
    : { recipientName: '', recipientBankName: '', recipientAccountNumber: '', amount: '', memo: '', transferDate: todayIsoDate(), repeat: 'none', repeatUntil: '' };
  return (
    <Formik
      initialValues={initial}
      validationSchema={international ? internationalTransferSchema : localTransferSchema}
      onSubmit={async (values, { setErrors, setFieldError }) => {
        // The date is the customer's own: the server reads it in their time zone.
        const body = { ...requestBody(values), ...accountIdOf(from.account), timeZone: customerTimeZone() };
        try {
          // The quote's total (amount, fee, conversion) against the balance, before any code or PIN is asked.
          const quote = await api.GET('/v1/transfer/quote', { params: { query: quoteQuery(kind, values.amount, values.currency, from.account) } });
          if (exceedsBalance(quote.total, from.account?.availableBalance ?? user?.accountBalance, quote.currency)) return setFieldError('amount', INSUFFICIENT_FUNDS);
          const headers = idempotent(key);
          const res = await (international
            ? api.POST('/v1/transfer/international', { body: body as RequestBody<'/v1/transfer/international', 'post'>, headers })
            : api.POST('/v1/transfer/local', { body: body as RequestBody<'/v1/transfer/local', 'post'>, headers }));
          const next = new URLSearchParams(params);
          next.set('modal', 'transfer');
          next.set('codeStep', res.codeStep);
          next.set('transferData', JSON.stringify({ transferId: res.transferId, kind, needsCode: res.codeStep === 'code', summary: res.summary }));
          setParams(next);
          setKey(newIdempotencyKey());
          enqueueSnackbar(res.message ?? 'Transfer started', { variant: 'info' });
        } catch (err) {
          applyServerErrors(err, setErrors);
          enqueueSnackbar((err as Error).message, { variant: 'error' });
          setKey(newIdempotencyKey());
        }
      }}
    >
      {({ isSubmitting, values, setValues, setFieldValue }) => (
        <Form noValidate>
          <Grid container spacing={2}>
            {international && <FollowAccountCurrency accountCurrency={ownCurrency} />}
            <Grid size={{ xs: 12 }} sx={{ '&:empty': { display: 'none' } }}>
              <AccountSelect
                choice={from}
                // A payment in the account's own currency stays so in the next account's; a foreign one is kept.
                onChosen={(next) => international && values.currency === ownCurrency && void setFieldValue('currency', next.currency)}
              />
            </Grid>
            {!!recentPayees?.[kind].length && (
              <Grid size={{ xs: 12 }}>
                <PayAgain
                  options={recentPayees[kind].map(({ payee }) => ({
                    key: `${payee.recipientBankName}\n${payee.recipientAccountNumber}`,
                    name: payee.recipientName,
                    accountNumber: payee.recipientAccountNumber,
                    // The recipient's details as last paid; the amount, date, purpose and memo stay the customer's to fill.
                    onPick: () => void setValues({ ...values, ...payee }),
                  }))}
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField name="recipientName" label="Recipient name" />
            </Grid>
            {international && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="recipientEmail" label="Recipient email" type="email" />
              </Grid>
            )}
            {international && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="recipientPhone" label="Recipient phone" />
              </Grid>
            )}
            {international && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="recipientAddress" label="Recipient address" />
              </Grid>
            )}
            {international && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="recipientCity" label="Recipient city" />
              </Grid>
            )}
            {international && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="recipientCountry" label="Recipient country" />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField name="recipientBankName" label="Bank name" />
            </Grid>
            {international && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="recipientBankAddress" label="Bank address" />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField name="recipientAccountNumber" label={international ? 'Account number / IBAN' : 'Account number'} />
            </Grid>
            {international && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="recipientRoutingNumber" label="Routing number" />
              </Grid>
            )}
            {international && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="swiftCode" label="SWIFT / BIC" />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField name="transferDate" label={isRepeating(values.repeat) ? 'First payment date' : 'Transfer date'} type="date" InputLabelProps={{ shrink: true }} />
            </Grid>
            {!international && (
              <Grid size={{ xs: 12, sm: 6 }}>
                {/* A standing order (docs/decisions/0053): the same amount to the same payee, approved once. */}
                <FormField
                  name="repeat"
                  label="Repeats"
                  select
                  // Back to once, the hidden last date goes too: it would be refused as a last date without repeats.
                  onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                    void setValues({ ...values, repeat: event.target.value, repeatUntil: isRepeating(event.target.value) ? values.repeatUntil : '' })
                  }
                >
                  {REPEAT_CHOICES.map((choice) => (
                    <MenuItem key={choice} value={choice}>
                      {REPEAT_LABELS[choice]}
                    </MenuItem>
                  ))}
                </FormField>
              </Grid>
            )}
            {!international && isRepeating(values.repeat) && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="repeatUntil" label="Last payment date (optional)" type="date" InputLabelProps={{ shrink: true }} helperText="Leave empty to repeat until you stop it" />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: international ? 4 : 6 }}>
              <FormField name="amount" label="Amount" inputProps={{ inputMode: 'decimal' }} />
            </Grid>
            {international && (
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="currency" label="Currency" select>
                  {TRANSFER_CURRENCIES.map((c) => (
                    <MenuItem key={c} value={c}>
                      {c}
                    </MenuItem>
                  ))}
                </FormField>
              </Grid>
            )}
            {international && (
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="purpose" label="Purpose" select>
                  {TRANSFER_PURPOSES.map((p) => (
                    <MenuItem key={p} value={p}>
                      {p.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())}
                    </MenuItem>
                  ))}
                </FormField>
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: international ? 12 : 6 }}>
              <FormField name="memo" label="Memo (optional)" />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <QuotePreview type={kind} account={from.account} />
            </Grid>
            {isLarge(values.amount) && (
              <Grid size={{ xs: 12 }}>
                <Alert severity="info">
                  For transfers over {formatMoney(SUPPORT_LARGE_TRANSFER, 'USD')} please contact support at {SUPPORT.phone} first.
                </Alert>
              </Grid>
            )}
            <Grid size={{ xs: 12 }}>
              <Typography variant="body2" color="text.secondary">
                {international
                  ? `International transfers take 1-3 business days. Fee: the higher of ${formatMoney(INTERNATIONAL_FEE.min, ownCurrency)} or ${INTERNATIONAL_FEE.basisPoints / 100}% of the amount.`
                  : 'Local transfers arrive the same day during business hours, within 48 hours at the latest.'}{' '}
                You approve the payment with a code we e-mail you (first transfer) and your PIN.
              </Typography>
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                {isSubmitting ? 'Submitting...' : 'Continue'}
              </Button>
            </Grid>
          </Grid>
        </Form>
      )}
    </Formik>
  );
}

/**
 * The payee's currency starts as the account's; when the account is known only once the accounts have loaded (or the
 * shell's selection changes it), a currency the customer has not chosen follows it, and one they chose stays.
 */
function FollowAccountCurrency({ accountCurrency }: { accountCurrency: string }) {
  const { values, setFieldValue, touched } = useFormikContext<Record<string, string>>();
  const previous = useRef(accountCurrency);
  useEffect(() => {
    const was = previous.current;
    previous.current = accountCurrency;
    if (was !== accountCurrency && values.currency === was && !touched.currency) void setFieldValue('currency', accountCurrency);
  }, [accountCurrency, values.currency, touched.currency, setFieldValue]);
  return null;
}
