import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import {
  INTERNATIONAL_FEE,
  SUPPORT,
  SUPPORT_LARGE_TRANSFER,
  TRANSFER_CURRENCIES,
  TRANSFER_PURPOSES,
  formatMoney,
  internationalTransferSchema,
  localTransferSchema,
  parseAmountToMinor,
  sameBankTransferSchema,
  type TransferInitiatedDto,
  type TransferSummaryDto,
} from '@strongroom/shared';
import { api, newIdempotencyKey } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { FormField, applyServerErrors } from '../../components/FormField';
import { SummaryLines, TransferCodeModal } from './TransferCodeModal';
import { ScheduledTransfers } from './ScheduledTransfers';

const TABS = ['sameBank', 'local', 'international'] as const;
type TabName = (typeof TABS)[number];
const today = () => new Date().toISOString().slice(0, 10);

const INSUFFICIENT_FUNDS = 'Insufficient funds';

/** True when `amount` is more than the balance the app holds; unknown figures never block (the server decides). */
function exceedsBalance(amount: string, balance: string | undefined, currency: string | undefined): boolean {
  if (!balance || !currency) return false;
  try {
    return parseAmountToMinor(amount, currency) > parseAmountToMinor(balance, currency);
  } catch {
    return false;
  }
}

function isLarge(amount: string): boolean {
  try {
    return parseAmountToMinor(amount, 'USD') > parseAmountToMinor(SUPPORT_LARGE_TRANSFER, 'USD');
  } catch {
    return false;
  }
}

/** Fee, rate and total from the server, shown before the customer confirms (docs/decisions/0004). */
function QuotePreview({ type }: { type: 'local' | 'international' }) {
  const { values } = useFormikContext<Record<string, string>>();
  const [quote, setQuote] = useState<TransferSummaryDto | null>(null);
  const amount = values.amount;
  const currency = values.currency;
  useEffect(() => {
    setQuote(null);
    if (!/^\d+(\.\d{1,2})?$/.test(amount ?? '')) return;
    const id = setTimeout(() => {
      const q = new URLSearchParams({ type, amount, ...(type === 'international' && currency ? { currency } : {}) });
      api
        .get<{ amount: string; fee: string; total: string; currency: string; rate?: string; convertedAmount?: string; paymentCurrency?: string }>(`/transfer/quote?${q}`)
        .then((r) => setQuote({ ...r, recipientName: values.recipientName || '—' }))
        .catch(() => setQuote(null));
    }, 300);
    return () => clearTimeout(id);
  }, [amount, currency, type, values.recipientName]);
  if (!quote) return null;
  return (
    <Card variant="outlined" sx={{ bgcolor: 'action.hover' }} data-testid="quote">
      <CardContent>
        <Typography fontWeight={700} gutterBottom>
          Before you confirm
        </Typography>
        <SummaryLines summary={quote} />
      </CardContent>
    </Card>
  );
}

function SameBankForm() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { refresh, user } = useAuth();
  const [recipient, setRecipient] = useState<{ name: string; accountNumber: string } | null>(null);
  const [lookupError, setLookupError] = useState('');
  const [confirm, setConfirm] = useState<{ values: Record<string, string>; key: string } | null>(null);

  const lookup = async (accountNumber: string) => {
    setRecipient(null);
    setLookupError('');
    if (!/^\d{10}$/.test(accountNumber)) return;
    try {
      const res = await api.get<{ recipient: { name: string; accountNumber: string } }>(`/transfer/recipient/${accountNumber}`);
      setRecipient(res.recipient);
    } catch (err) {
      setLookupError((err as Error).message);
    }
  };

  return (
    <Formik
      initialValues={{ recipientAccountNumber: '', amount: '', memo: '', pin: '' }}
      validationSchema={sameBankTransferSchema.omit(['pin'])}
      onSubmit={(values, { setFieldError }) => {
        // Said before the PIN is asked; the server still refuses on its own.
        if (exceedsBalance(values.amount, user?.accountBalance, user?.currency)) return setFieldError('amount', INSUFFICIENT_FUNDS);
        setConfirm({ values, key: newIdempotencyKey() });
      }}
    >
      {({ values, setFieldValue, setErrors, setSubmitting }) => (
        <Form noValidate>
          <Stack spacing={2.5}>
            <FormField
              name="recipientAccountNumber"
              label="Recipient account number"
              inputProps={{ inputMode: 'numeric', maxLength: 10 }}
              onChange={(e) => {
                const v = e.target.value.replace(/\D/g, '').slice(0, 10);
                void setFieldValue('recipientAccountNumber', v);
                void lookup(v);
              }}
            />
            {recipient && (
              <Alert severity="success" data-testid="recipient-name">
                Recipient: <strong>{recipient.name}</strong>
              </Alert>
            )}
            {lookupError && <Alert severity="error">{lookupError}</Alert>}
            <FormField name="amount" label="Amount" inputProps={{ inputMode: 'decimal' }} />
            <FormField name="memo" label="Memo (optional)" />
            {isLarge(values.amount) && (
              <Alert severity="info">
                For transfers over {formatMoney(SUPPORT_LARGE_TRANSFER, 'USD')} we recommend calling support at {SUPPORT.phone} first.
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary">
              Free and instant, any time, to any Strongroom account.
            </Typography>
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={!recipient}>
                Continue
              </Button>
            </Box>
          </Stack>
          <Dialog open={!!confirm} onClose={() => setConfirm(null)} fullWidth maxWidth="xs">
            <DialogTitle>Confirm transfer</DialogTitle>
            <DialogContent>
              {confirm && (
                <Stack spacing={2} sx={{ pt: 1 }}>
                  <SummaryLines summary={{ recipientName: recipient?.name ?? '', amount: confirm.values.amount, fee: '0.00', total: confirm.values.amount, currency: user?.currency ?? 'USD' }} />
                  <TextField
                    label="Transaction PIN"
                    type="password"
                    value={confirm.values.pin}
                    onChange={(e) => setConfirm({ ...confirm, values: { ...confirm.values, pin: e.target.value.replace(/\D/g, '').slice(0, 4) } })}
                    inputProps={{ inputMode: 'numeric', maxLength: 4, 'aria-label': 'Transaction PIN' }}
                    autoFocus
                  />
                </Stack>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirm(null)}>Cancel</Button>
              <Button
                variant="contained"
                onClick={async () => {
                  if (!confirm) return;
                  setSubmitting(true);
                  try {
                    const body = {
                      recipientAccountNumber: confirm.values.recipientAccountNumber,
                      amount: confirm.values.amount,
                      pin: confirm.values.pin,
                      ...(confirm.values.memo ? { memo: confirm.values.memo } : {}),
                    };
                    const res = await api.post<{ message: string }>('/transfer/same', body, { idempotencyKey: confirm.key });
                    enqueueSnackbar(res.message, { variant: 'success' });
                    void refresh();
                    navigate('/transactions');
                  } catch (err) {
                    enqueueSnackbar((err as Error).message, { variant: 'error' });
                    applyServerErrors(err, setErrors);
                    setConfirm({ ...confirm, key: newIdempotencyKey(), values: { ...confirm.values, pin: '' } });
                  } finally {
                    setSubmitting(false);
                  }
                }}
              >
                Send money
              </Button>
            </DialogActions>
          </Dialog>
        </Form>
      )}
    </Formik>
  );
}

function OutboundForm({ kind }: { kind: 'local' | 'international' }) {
  const [params, setParams] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const { user } = useAuth();
  const [key, setKey] = useState(newIdempotencyKey);
  const international = kind === 'international';
  const initial = international
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
        currency: user?.currency ?? 'USD',
        purpose: '',
        memo: '',
        transferDate: today(),
      }
    : { recipientName: '', recipientBankName: '', recipientAccountNumber: '', amount: '', memo: '', transferDate: today() };
  return (
    <Formik
      initialValues={initial as Record<string, string>}
      validationSchema={international ? internationalTransferSchema : localTransferSchema}
      onSubmit={async (values, { setErrors, setFieldError }) => {
        const body = Object.fromEntries(Object.entries(values).filter(([k, v]) => !(k === 'memo' && v === '')));
        try {
          // The quote's total (amount, fee, conversion) against the balance, before any code or PIN is asked.
          const q = new URLSearchParams({ type: kind, amount: values.amount, ...(international && values.currency ? { currency: values.currency } : {}) });
          const quote = await api.get<{ total: string; currency: string }>(`/transfer/quote?${q}`);
          if (exceedsBalance(quote.total, user?.accountBalance, quote.currency)) return setFieldError('amount', INSUFFICIENT_FUNDS);
          const res = await api.post<TransferInitiatedDto>(`/transfer/${kind}`, body, { idempotencyKey: key });
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
      {({ isSubmitting, values }) => (
        <Form noValidate>
          <Grid container spacing={2}>
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
              <FormField name="transferDate" label="Transfer date" type="date" InputLabelProps={{ shrink: true }} />
            </Grid>
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
              <QuotePreview type={kind} />
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
                  ? `International transfers take 1-3 business days. Fee: the higher of ${formatMoney(INTERNATIONAL_FEE.min, user?.currency ?? 'USD')} or ${INTERNATIONAL_FEE.basisPoints / 100}% of the amount.`
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

export default function TransfersPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!user) return <FullScreenLoader />;
  const tab = (TABS.includes(params.get('tab') as TabName) ? params.get('tab') : 'sameBank') as TabName;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={800}>
        Transfers
      </Typography>
      {user.status !== 'approved' && <Alert severity="warning">You can send money once your application is approved. We will e-mail you as soon as it is.</Alert>}
      <Card>
        {/* On a phone the three tabs share the width and their labels wrap: every label whole, nothing to scroll. */}
        <Tabs
          value={tab}
          onChange={(_e, v: TabName) => setParams({ tab: v })}
          variant={phone ? 'fullWidth' : 'standard'}
          aria-label="Kind of transfer"
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 2 } }}
        >
          <Tab value="sameBank" label="Strongroom account" wrapped={phone} sx={{ px: { xs: 1, sm: 2 } }} />
          <Tab value="local" label="Local bank" wrapped={phone} sx={{ px: { xs: 1, sm: 2 } }} />
          <Tab value="international" label="International" wrapped={phone} sx={{ px: { xs: 1, sm: 2 } }} />
        </Tabs>
        <CardContent sx={{ p: { xs: 2, md: 4 } }}>
          {tab === 'sameBank' && <SameBankForm />}
          {tab === 'local' && <OutboundForm kind="local" key="local" />}
          {tab === 'international' && <OutboundForm kind="international" key="international" />}
        </CardContent>
      </Card>
      <ScheduledTransfers />
      <TransferCodeModal />
    </Stack>
  );
}
