import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, SaveButton, SelectInput, TextInput, Title, useNotify, usePermissions } from 'react-admin';
import {
  TRANSFER_CURRENCIES,
  cardAuthorisationSchema,
  formatMoney,
  newIdempotencyKey,
  validationErrors,
  type ApiPaths,
  type CardAuthorisationDto,
  type CardAuthorisationResultDto,
} from '@strongroom/shared';
import { api, idempotent, undeclared } from '../providers/api';
import { errorMessage, fieldErrors } from '../providers/http';
import { humanize } from '../components/StatusField';

const EMPTY = { cardNumber: '', expiry: '', cvv: '', amount: '', currency: 'USD', merchant: '' };

function validate(values: Record<string, unknown>): Record<string, string> {
  try {
    cardAuthorisationSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (err) {
    return validationErrors(err as Parameters<typeof validationErrors>[0]);
  }
}

/** The outcome of the last request, with capture and void while it is held. */
function Outcome({ result, onSettled }: { result: CardAuthorisationResultDto; onSettled(a: CardAuthorisationDto): void }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const a = result.authorisation;
  const settle = async (action: 'capture' | 'void') => {
    setBusy(true);
    try {
      // The card network interface, as the console calls it (a staff admin session); each click its own key.
      const init = { params: { path: { id: a.id } }, headers: idempotent(newIdempotencyKey()) };
      const res = await (action === 'capture' ? api.POST('/v1/network/card-authorisations/{id}/capture', { ...init, body: {} }) : api.POST('/v1/network/card-authorisations/{id}/void', init));
      notify(res.message, { type: 'success' });
      onSettled(undeclared<CardAuthorisationDto>(res.authorisation));
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const amount = formatMoney(a.amount, a.currency);
  return (
    <Alert severity={result.approved ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="authorisation-result">
      <Typography fontWeight={700}>{result.approved ? `Approved: ${amount} held at ${a.merchant}` : `${result.message} (${humanize(result.declineReason ?? 'declined')})`}</Typography>
      <Typography variant="body2">
        Card •••• {a.cardLast4} · status {humanize(a.status)}
        {a.capturedAmount ? ` · captured ${formatMoney(a.capturedAmount, a.currency)}` : ''}
      </Typography>
      {a.status === 'held' && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" variant="contained" disabled={busy} onClick={() => settle('capture')}>
            Capture
          </Button>
          <Button size="small" variant="outlined" disabled={busy} onClick={() => settle('void')}>
            Void
          </Button>
        </Stack>
      )}
    </Alert>
  );
}

/** Plays the card network: sends an authorisation for a card (as a merchant's terminal would), then captures or voids it. */
export function PostCardPaymentPage() {
  const { permissions, isPending } = usePermissions();
  const [result, setResult] = useState<CardAuthorisationResultDto | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState(0);
  if (isPending) return null;
  if (permissions !== 'admin') {
    return (
      <Card sx={{ mt: 2 }}>
        <Title title="Post a card payment" />
        <CardContent>
          <Typography>Only admins can post card payments. Auditors can see every authorisation in Card authorisations.</Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="Post a card payment" />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Sends a purchase to the card network interface as a merchant would. An approval holds the amount on the card's credit line; capture books it, void releases it. The card details are sent once
          and never stored or shown again.
        </Typography>
        {result && <Outcome result={result} onSettled={(a) => setResult({ ...result, authorisation: a })} />}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError('')}>
            {error}
          </Alert>
        )}
        <Form
          key={done}
          defaultValues={EMPTY}
          validate={validate}
          onSubmit={async (values: Record<string, unknown>) => {
            const body = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.replace(k === 'cardNumber' ? /\s/g : /^\s+|\s+$/g, '') : String(v ?? '')]));
            setError('');
            try {
              // Checked by the shared schema the server applies too (validate above).
              const authorisation = body as NonNullable<ApiPaths['/v1/network/card-authorisations']['post']['requestBody']>['content']['application/json'];
              setResult(undeclared<CardAuthorisationResultDto>(await api.POST('/v1/network/card-authorisations', { body: authorisation, headers: idempotent(newIdempotencyKey()) })));
              setDone((n) => n + 1);
            } catch (err) {
              setError(errorMessage(err));
              return fieldErrors(err);
            }
          }}
        >
          <TextInput source="cardNumber" label="Card number" fullWidth autoComplete="off" />
          <Box sx={{ display: 'flex', gap: 2 }}>
            <TextInput source="expiry" label="Expiry (MM/YY)" sx={{ flex: 1 }} autoComplete="off" />
            <TextInput source="cvv" label="CVV" sx={{ flex: 1 }} autoComplete="off" type="password" />
          </Box>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <TextInput source="amount" label="Amount" helperText="e.g. 42.50" sx={{ flex: 2 }} />
            <SelectInput source="currency" choices={TRANSFER_CURRENCIES.map((c) => ({ id: c, name: c }))} sx={{ flex: 1 }} emptyText="" />
          </Box>
          <TextInput source="merchant" label="Merchant" fullWidth />
          <SaveButton label="Send authorisation" alwaysEnable />
        </Form>
      </CardContent>
    </Card>
  );
}
