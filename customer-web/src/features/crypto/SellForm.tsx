import { useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, Stack, Typography } from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import { useSnackbar } from 'notistack';
import { cryptoSellSchema, formatUnits, parseUnits, type CryptoHoldingDto } from '@strongroom/shared';
import { api, newIdempotencyKey, idempotent } from '../../api/client';
import { FormField, applyServerErrors } from '../../components/FormField';
import { CopyButton } from '../../components/CopyButton';

interface SaleValues {
  crypto: string;
  amount: string;
  address: string;
  network: string;
}
const EMPTY: SaleValues = { crypto: '', amount: '', address: '', network: '' };
// Amounts and fees of every asset fit 9 decimals (docs/decisions/0014-crypto-units.md): exact sums in BigInt.
const SCALE = 9;
const add = (a: string, b: string) => formatUnits(parseUnits(a, SCALE) + parseUnits(b, SCALE), SCALE);
const exceeds = (a: string, b: string) => parseUnits(a, SCALE) > parseUnits(b, SCALE);

function HoldingField({ holdings }: { holdings: CryptoHoldingDto[] }) {
  const { setFieldValue } = useFormikContext<SaleValues>();
  return (
    <FormField
      name="crypto"
      label="My Assets"
      select
      onChange={(e) => {
        const holding = holdings.find((h) => h.symbol === e.target.value);
        void setFieldValue('crypto', e.target.value);
        void setFieldValue('network', holding?.network ?? '');
      }}
    >
      {holdings.map((h) => (
        <MenuItem key={h.symbol} value={h.symbol}>
          {h.crypto} ({h.symbol}): {h.available} available
        </MenuItem>
      ))}
    </FormField>
  );
}

function SellInformation({ holding }: { holding: CryptoHoldingDto }) {
  return (
    <Card variant="outlined" data-testid="sell-information">
      <CardContent>
        <Typography fontWeight={700} component="h2" variant="body1" gutterBottom>
          Sell Information
        </Typography>
        <Grid container spacing={1}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Typography variant="body2" color="text.secondary">
              Network
            </Typography>
            <Typography fontWeight={600}>{holding.network}</Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Typography variant="body2" color="text.secondary">
              Current Amount in Wallet
            </Typography>
            <Typography fontWeight={600} data-testid="current-amount">
              {holding.available} {holding.symbol}
            </Typography>
          </Grid>
          <Grid size={12}>
            <Typography variant="body2" color="text.secondary">
              Network fee {holding.networkFee} {holding.symbol}, deducted from your holding on top of the amount you send.
            </Typography>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack direction="row" justifyContent="space-between" spacing={2} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 }} data-testid={testId}>
        {children}
      </Box>
    </Stack>
  );
}

interface ConfirmProps {
  sale: SaleValues | null;
  holding: CryptoHoldingDto | undefined;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(): void;
}

/** The last look before units leave (docs/decisions/0008-crypto-custody.md): amount, asset, network, destination, and the fee taken from the holding. */
function ConfirmWithdrawal({ sale, holding, busy, error, onCancel, onConfirm }: ConfirmProps) {
  if (!sale || !holding) return null;
  const total = add(sale.amount, holding.networkFee);
  return (
    <Dialog open onClose={busy ? undefined : onCancel} fullWidth maxWidth="sm" aria-labelledby="confirm-withdrawal-title">
      <DialogTitle id="confirm-withdrawal-title">Confirm your withdrawal</DialogTitle>
      <DialogContent>
        <Row label="Amount" testId="confirm-amount">
          {sale.amount} {holding.symbol}
        </Row>
        <Row label="Asset">
          {holding.crypto} ({holding.symbol})
        </Row>
        <Row label="Network">{sale.network}</Row>
        <Row label="Destination">
          <Stack direction="row" alignItems="center" justifyContent="flex-end" spacing={0.5}>
            <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="confirm-destination">
              {sale.address}
            </Box>
            <CopyButton text={sale.address} label="Copy the destination address" copied="Address copied to clipboard" />
          </Stack>
        </Row>
        <Row label="Network fee (deducted from your holding)" testId="confirm-fee">
          {holding.networkFee} {holding.symbol}
        </Row>
        <Row label="Total leaving your wallet" testId="confirm-total">
          {total} {holding.symbol}
        </Row>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          The {total} {holding.symbol} is reserved now and sent once our staff approve the withdrawal. Nothing is paid separately.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? 'Submitting...' : 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Sell' = a withdrawal of held units to the customer's own wallet, confirmed in a modal that shows the fee. */
export function SellForm({ holdings, onDone }: { holdings: CryptoHoldingDto[]; onDone(): void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [sale, setSale] = useState<SaleValues | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [formKey, setFormKey] = useState(0);
  if (holdings.length === 0) return <Alert severity="info">You have no assets to sell yet. Deposit some on the Buy tab first.</Alert>;

  const confirm = async () => {
    if (!sale) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api.POST('/v1/crypto/sell', { body: sale, headers: idempotent(key) });
      enqueueSnackbar(res.message, { variant: 'success' });
      setSale(null);
      setFormKey((k) => k + 1);
      setKey(newIdempotencyKey());
      onDone();
    } catch (err) {
      // The modal stays open with the reason; a new attempt is a new request.
      setError((err as Error).message);
      enqueueSnackbar((err as Error).message, { variant: 'error' });
      setKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Formik
          key={formKey}
          initialValues={EMPTY}
          validationSchema={cryptoSellSchema}
          onSubmit={(values, { setErrors, setTouched }) => {
            const holding = holdings.find((h) => h.symbol === values.crypto);
            const cleaned = { ...values, amount: values.amount.trim(), address: values.address.trim() };
            if (holding && exceeds(add(cleaned.amount, holding.networkFee), holding.available)) {
              const message = `Not enough ${holding.symbol}: the amount plus the ${holding.networkFee} ${holding.symbol} network fee is more than the ${holding.available} ${holding.symbol} available`;
              applyServerErrors({ errors: { amount: message } }, setErrors, setTouched as never);
              return;
            }
            setError(null);
            setSale(cleaned);
          }}
        >
          {({ values }) => {
            const holding = holdings.find((h) => h.symbol === values.crypto);
            return (
              <Form noValidate aria-label="Sell crypto">
                <Stack spacing={2.5}>
                  <HoldingField holdings={holdings} />
                  {holding && <SellInformation holding={holding} />}
                  <FormField name="amount" label={`Amount${holding ? ` (${holding.symbol})` : ''}`} inputProps={{ inputMode: 'decimal', step: '0.000001' }} />
                  <FormField name="address" label="Wallet Address" inputProps={{ autoComplete: 'off', spellCheck: false }} />
                  <FormField name="network" label="Network" select disabled={!holding}>
                    {holding ? <MenuItem value={holding.network}>{holding.network}</MenuItem> : <MenuItem value="">Choose an asset first</MenuItem>}
                  </FormField>
                  <Box>
                    <Button type="submit" variant="contained" size="large">
                      Review withdrawal
                    </Button>
                  </Box>
                </Stack>
              </Form>
            );
          }}
        </Formik>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Alert severity="error" variant="outlined" data-testid="security-information">
          <AlertTitle>Security Information</AlertTitle>A withdrawal cannot be reversed once it is sent. Check the wallet address and the network carefully: coins sent to a wrong address or network are
          lost. The network fee shown is deducted from your holding.
        </Alert>
      </Grid>
      <ConfirmWithdrawal sale={sale} holding={holdings.find((h) => h.symbol === sale?.crypto)} busy={busy} error={error} onCancel={() => setSale(null)} onConfirm={() => void confirm()} />
    </Grid>
  );
}
