import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Divider, Grid, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useSnackbar } from 'notistack';
import { formatMoney, type CardDto, type CardRevealDto } from '@strongroom/shared';
import { ApiError, api, newIdempotencyKey, idempotent } from '../../api/client';
import { useApi } from '../../api/useApi';
import { useAuth } from '../../auth/AuthContext';
import { Money } from '../../components/Money';
import { DateText } from '../../components/DateText';
import { StatusChip } from '../../components/StatusChip';
import { CardVisual } from './CardVisual';
import { PinDialog } from '../../components/PinDialog';
import { useStateToast } from '../../components/useStateToast';

const NETWORK_NAMES: Record<CardDto['cardType'], string> = { visa: 'Visa', mastercard: 'Mastercard', american_express: 'American Express', discover: 'Discover' };
const DECLINES: Record<string, string> = {
  card_frozen: 'declined: card frozen',
  card_blocked: 'declined: card blocked',
  card_expired: 'declined: card expired',
  cvv_mismatch: 'declined: wrong security code',
  insufficient_credit: 'declined: not enough credit',
  currency_not_supported: 'declined: currency',
  unknown_card: 'declined',
  card_not_active: 'declined: card not active',
};

function Figure({ label, amount, currency, testId }: { label: string; amount: string; currency: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography fontWeight={700} data-testid={testId}>
        <Money amount={amount} currency={currency} />
      </Typography>
    </Box>
  );
}

function Activity({ cardId, version }: { cardId: string; version: number }) {
  const { data, reload } = useApi('/v1/card/{id}/transactions', { params: { path: { id: cardId } } });
  useEffect(() => reload(), [version, reload]);
  const items = data?.items ?? [];
  if (items.length === 0)
    return (
      <Typography color="text.secondary" variant="body2">
        No card transactions yet.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Card transactions" data-testid="card-activity">
      {items.map((a) => (
        <ListItem
          key={a.id}
          disableGutters
          divider
          secondaryAction={<Money amount={a.amount} currency={a.currency} type={a.kind === 'payment' ? 'credit' : 'debit'} colored={a.status !== 'declined' && a.status !== 'voided'} />}
        >
          <ListItemText
            primary={a.description}
            secondary={
              // On a phone the state goes under the date, each on one line, rather than both wrapping side by side.
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, '& > *': { whiteSpace: 'nowrap' } }}>
                <DateText value={a.createdAt} />
                <span>· {a.kind === 'payment' ? 'payment' : a.status === 'declined' ? (DECLINES[a.declineReason ?? ''] ?? 'declined') : a.status === 'held' ? 'pending' : a.status}</span>
              </Box>
            }
            secondaryTypographyProps={{ component: 'span' }}
            sx={{ pr: 12 }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** One card: the visual, its credit line, reveal, freeze, pay the balance and its transactions. */
export function CardPanel({ card, onChanged }: { card: CardDto; onChanged(updated?: CardDto): void }) {
  const { enqueueSnackbar } = useSnackbar();
  const toastFreeze = useStateToast(`card-freeze-${card.id}`);
  const { refresh } = useAuth();
  const [revealed, setRevealed] = useState<CardRevealDto | null>(null);
  const [dialog, setDialog] = useState<'reveal' | 'pay' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [locked, setLocked] = useState(false);
  const [amount, setAmount] = useState(card.balanceOwed);
  const [payKey, setPayKey] = useState(newIdempotencyKey);
  const [version, setVersion] = useState(0);
  // Busy while a freeze or unfreeze is asked; its answer replaces the listed card at once (CardsPage), so the button
  // offers the other action before the list's reload comes back (a second click used to send the same action again).
  const [toggling, setToggling] = useState(false);
  const issued = card.status === 'active' || card.status === 'blocked';
  const name = `${NETWORK_NAMES[card.cardType]} ending ${card.last4 ?? '—'}`;

  // A revealed number goes away on its own: it is on screen only as long as the customer needs it.
  useEffect(() => {
    if (!revealed) return;
    const id = setTimeout(() => setRevealed(null), 60_000);
    return () => clearTimeout(id);
  }, [revealed]);

  const close = () => {
    setDialog(null);
    setError('');
    setLocked(false);
  };
  const refused = (message: string, err: unknown) => {
    setError(message);
    setLocked(err instanceof ApiError && err.locked);
  };
  const reveal = async (pin: string) => {
    setBusy(true);
    try {
      setRevealed(await api.POST('/v1/card/{id}/reveal', { params: { path: { id: card.id } }, body: { pin } }));
      close();
    } catch (err) {
      refused((err as Error).message, err);
    } finally {
      setBusy(false);
    }
  };
  const pay = async (pin: string) => {
    setBusy(true);
    try {
      const res = await api.POST('/v1/card/{id}/pay', { params: { path: { id: card.id } }, body: { amount, pin }, headers: idempotent(payKey) });
      enqueueSnackbar(res.message, { variant: 'success' });
      setPayKey(newIdempotencyKey());
      close();
      setVersion((v) => v + 1);
      onChanged();
      void refresh();
    } catch (err) {
      const e = err as Error & { errors?: Record<string, string> };
      refused(e.errors?.pin ?? e.errors?.amount ?? e.message, err);
      setPayKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };
  const toggleFreeze = async () => {
    setToggling(true);
    try {
      const params = { path: { id: card.id } };
      const res = await (card.frozen ? api.PATCH('/v1/card/{id}/unfreeze', { params }) : api.PATCH('/v1/card/{id}/freeze', { params }));
      toastFreeze(res.message);
      onChanged(res.card);
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
    } finally {
      setToggling(false);
    }
  };

  return (
    <Card variant="outlined" data-testid={`card-panel-${card.id}`}>
      <CardContent>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <CardVisual card={card} revealed={revealed} />
            <Typography variant="body2" color="success.main" fontWeight={600} sx={{ mt: 1.5 }}>
              {card.rewards} on every purchase
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <Typography variant="h6" component="h2">
                  {issued ? name : `${NETWORK_NAMES[card.cardType]} application`}
                </Typography>
                <StatusChip status={card.status === 'active' && (card.frozen || card.frozenByAccount) ? 'frozen' : card.status} />
              </Stack>
              {card.status === 'pending' || card.status === 'awaiting_second_approval' ? (
                <Alert severity="info">We are reviewing your application. We will e-mail you when it is decided.</Alert>
              ) : null}
              {card.status === 'rejected' && <Alert severity="error">Not approved{card.rejectionReason ? `: ${card.rejectionReason}` : ''}.</Alert>}
              {card.status === 'blocked' && <Alert severity="error">This card is blocked{card.blockReason ? `: ${card.blockReason}` : ''}. Please contact support.</Alert>}
              {card.frozenByAccount && <Alert severity="warning">Freeze everything is on: this card declines every payment.</Alert>}
              {card.frozen && !card.frozenByAccount && card.status === 'active' && <Alert severity="warning">This card is frozen: every payment is declined until you unfreeze it.</Alert>}
              <Grid container spacing={2}>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <Figure label="Credit limit" amount={card.creditLimit} currency={card.currency} testId="card-limit" />
                </Grid>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <Figure label="Balance owed" amount={card.balanceOwed} currency={card.currency} testId="card-owed" />
                </Grid>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <Figure label="Holds" amount={card.holds} currency={card.currency} testId="card-holds" />
                </Grid>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <Figure label="Available credit" amount={card.availableCredit} currency={card.currency} testId="card-available" />
                </Grid>
              </Grid>
              {issued && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  {revealed ? (
                    <Button variant="outlined" startIcon={<VisibilityOffIcon />} onClick={() => setRevealed(null)}>
                      Hide details
                    </Button>
                  ) : (
                    <Button variant="outlined" startIcon={<VisibilityIcon />} onClick={() => setDialog('reveal')} disabled={card.status === 'blocked'}>
                      Show card details
                    </Button>
                  )}
                  <Button variant="outlined" startIcon={<AcUnitIcon />} onClick={toggleFreeze} disabled={card.status === 'blocked' || toggling}>
                    {card.frozen ? 'Unfreeze card' : 'Freeze card'}
                  </Button>
                  <Button
                    variant="contained"
                    startIcon={<PaymentsIcon />}
                    onClick={() => {
                      setAmount(card.balanceOwed);
                      setDialog('pay');
                    }}
                    disabled={card.balanceOwed === '0.00'}
                  >
                    Pay balance
                  </Button>
                </Stack>
              )}
            </Stack>
          </Grid>
          {issued && (
            <Grid size={12}>
              <Divider sx={{ mb: 2 }} />
              <Typography variant="subtitle1" component="h3" fontWeight={700} gutterBottom>
                Card transactions
              </Typography>
              <Activity cardId={card.id} version={version} />
            </Grid>
          )}
        </Grid>
      </CardContent>
      <PinDialog
        open={dialog === 'reveal'}
        title="Show card details"
        description="Enter your transaction PIN to see the card number, expiry and CVV."
        confirmLabel="Show details"
        busy={busy}
        error={error}
        locked={locked}
        onCancel={close}
        onConfirm={reveal}
      />
      <PinDialog
        open={dialog === 'pay'}
        title="Pay card balance"
        description={`From your account to ${name}. You owe ${formatMoney(card.balanceOwed, card.currency)}.`}
        confirmLabel="Pay"
        busy={busy}
        error={error}
        locked={locked}
        onCancel={close}
        onConfirm={pay}
      >
        <TextField label="Amount" value={amount} onChange={(e) => setAmount(e.target.value)} inputProps={{ inputMode: 'decimal' }} />
      </PinDialog>
    </Card>
  );
}
