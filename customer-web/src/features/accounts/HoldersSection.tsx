import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, CardHeader, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useSnackbar } from 'notistack';
import { formatMoney } from '@strongroom/shared';
import { StatusChip } from '../../components/StatusChip';
import { listHolders, type HolderDto } from './accounts-api';
import { ROLE_LABELS } from './AccountsContext';
import { InviteHolderDialog, LimitDialog, RemoveHolderDialog } from './HolderDialogs';

function holderLine(holder: HolderDto, currency: string): string {
  if (holder.role !== 'dependant' || !holder.dailyLimit) return ROLE_LABELS[holder.role];
  const spent = holder.spentToday ? `, ${formatMoney(holder.spentToday, currency)} spent today` : '';
  return `${ROLE_LABELS[holder.role]} · limit ${formatMoney(holder.dailyLimit, currency)} a day${spent}`;
}

function HolderRow({ holder, currency, onLimit, onRemove }: { holder: HolderDto; currency: string; onLimit(): void; onRemove(): void }) {
  return (
    <ListItem divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="holder-row">
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} alignItems="center" component="span">
            <span>
              {holder.name}
              {holder.you ? ' (you)' : ''}
            </span>
            {holder.status && holder.status !== 'active' && <StatusChip status={holder.status} />}
          </Stack>
        }
        secondary={holderLine(holder, currency)}
        sx={{ minWidth: 200 }}
      />
      {/* The owner cannot be removed, and nobody changes their own role here. */}
      {holder.id && !holder.you && (
        <Stack direction="row" spacing={1}>
          {holder.role === 'dependant' && (
            <Button size="small" onClick={onLimit} aria-label={`Change limit for ${holder.name}`}>
              Change limit
            </Button>
          )}
          <Button size="small" color="error" onClick={onRemove} aria-label={`Remove ${holder.name}`}>
            Remove
          </Button>
        </Stack>
      )}
    </ListItem>
  );
}

/** Who holds the account (its owner first), read again after each change. */
function useHolders(accountId: string) {
  const [holders, setHolders] = useState<HolderDto[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const load = useCallback(() => {
    listHolders(accountId)
      .then((list) => {
        setHolders(list);
        setLoadError('');
      })
      .catch((e: Error) => setLoadError(`We could not load who holds this account: ${e.message}`));
  }, [accountId]);
  useEffect(load, [load]);
  return { holders, loadError, load };
}

/** Who else holds the account, for its owner or a joint holder: invite, change a family member's limit, remove. */
export function HoldersSection({ accountId, currency, onChanged: onAccountChanged }: { accountId: string; currency: string; onChanged(): void }) {
  const { enqueueSnackbar } = useSnackbar();
  const { holders, loadError, load } = useHolders(accountId);
  const onChanged = () => {
    load();
    onAccountChanged();
  };
  const [inviting, setInviting] = useState(false);
  const [limitOf, setLimitOf] = useState<HolderDto | null>(null);
  const [removing, setRemoving] = useState<HolderDto | null>(null);
  return (
    <Card data-testid="holders">
      <CardHeader
        title="People on this account"
        titleTypographyProps={{ variant: 'h6', component: 'h2', fontWeight: 700 }}
        action={
          <Button startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
            Invite
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {loadError ? (
          <Alert severity="warning">{loadError}</Alert>
        ) : !holders ? (
          <Skeleton variant="rounded" height={48} />
        ) : holders.every((h) => h.role === 'owner') ? (
          <Typography color="text.secondary">Only you hold this account. Invite a partner as a joint holder, or a family member with a daily limit.</Typography>
        ) : (
          <List disablePadding>
            {holders.map((h) => (
              <HolderRow key={h.id ?? 'owner'} holder={h} currency={currency} onLimit={() => setLimitOf(h)} onRemove={() => setRemoving(h)} />
            ))}
          </List>
        )}
      </CardContent>
      <InviteHolderDialog
        open={inviting}
        accountId={accountId}
        currency={currency}
        onClose={() => setInviting(false)}
        onInvited={(message) => {
          setInviting(false);
          enqueueSnackbar(message, { variant: 'success' });
          onChanged();
        }}
      />
      <LimitDialog
        accountId={accountId}
        holder={limitOf}
        currency={currency}
        onClose={() => setLimitOf(null)}
        onSaved={() => {
          setLimitOf(null);
          enqueueSnackbar('Daily limit changed', { variant: 'success' });
          onChanged();
        }}
      />
      <RemoveHolderDialog
        accountId={accountId}
        holder={removing}
        onClose={() => setRemoving(null)}
        onRemoved={() => {
          setRemoving(null);
          onChanged();
        }}
      />
    </Card>
  );
}
