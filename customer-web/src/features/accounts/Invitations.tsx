import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, CardHeader, List, ListItem, ListItemText, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { formatMoney } from '@strongroom/shared';
import { answerInvitation, listInvitations, type InvitationDto } from './accounts-api';
import { ROLE_LABELS } from './AccountsContext';

const accountOf = (inv: InvitationDto) => `${inv.accountName} ending ${inv.accountLast4}`;

function describe(inv: InvitationDto): string {
  const limit = inv.role === 'dependant' && inv.dailyLimit ? `, paying up to ${formatMoney(inv.dailyLimit, inv.currency)} a day` : '';
  return `${inv.inviterName} invites you to hold ${accountOf(inv)} (${inv.currency}) as a ${ROLE_LABELS[inv.role].toLowerCase()}${limit}.`;
}

/** Invitations to hold someone else's account, each accepted or declined here; nothing shows when there are none. */
export function Invitations({ onAccepted }: { onAccepted(): void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [invitations, setInvitations] = useState<InvitationDto[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback((signal?: AbortSignal) => {
    listInvitations(signal)
      .then(setInvitations)
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setError(`We could not load your invitations: ${e.message}`);
      });
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);

  const answer = async (inv: InvitationDto, choice: 'accept' | 'decline') => {
    setBusy(inv.id);
    try {
      const message = await answerInvitation(inv.id, choice);
      enqueueSnackbar(message || (choice === 'accept' ? 'Invitation accepted' : 'Invitation declined'), { variant: 'success' });
      setInvitations((list) => list.filter((i) => i.id !== inv.id));
      if (choice === 'accept') onAccepted();
    } catch (e) {
      enqueueSnackbar((e as Error).message, { variant: 'error' });
      load();
    } finally {
      setBusy(null);
    }
  };

  if (error) return <Alert severity="warning">{error}</Alert>;
  if (invitations.length === 0) return null;
  return (
    <Card data-testid="invitations">
      <CardHeader title="Invitations" titleTypographyProps={{ variant: 'h6', component: 'h2', fontWeight: 700 }} subheader="Accounts others asked you to share" />
      <CardContent sx={{ pt: 0 }}>
        <List disablePadding>
          {invitations.map((inv) => (
            <ListItem key={inv.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={describe(inv)} sx={{ minWidth: 240 }} />
              <Stack direction="row" spacing={1}>
                <Button variant="contained" size="small" disabled={busy === inv.id} onClick={() => void answer(inv, 'accept')} aria-label={`Accept ${accountOf(inv)}`}>
                  Accept
                </Button>
                <Button size="small" disabled={busy === inv.id} onClick={() => void answer(inv, 'decline')} aria-label={`Decline ${accountOf(inv)}`}>
                  Decline
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
