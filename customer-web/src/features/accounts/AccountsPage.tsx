import { useState } from 'react';
import { Alert, Box, Button, Card, Chip, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { Money } from '../../components/Money';
import { StatusChip } from '../../components/StatusChip';
import type { AccountDto } from './accounts-api';
import { PRODUCT_LABELS, ROLE_LABELS, useAccounts } from './AccountsContext';
import { CurrencyTotals } from './CurrencyTotals';
import { Invitations } from './Invitations';
import { OpenAccountDialog } from './OpenAccountDialog';

function AccountRow({ account, to }: { account: AccountDto; to: string }) {
  const shared = account.role !== 'owner';
  return (
    <ListItem disablePadding divider data-testid="account-row">
      <ListItemButton component={RouterLink} to={to} sx={{ gap: 2, flexWrap: 'wrap', py: 1.5 }}>
        <ListItemText
          primary={
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography fontWeight={700} component="span">
                {account.name}
              </Typography>
              {account.isPrimary && account.role === 'owner' && <Chip size="small" label="Primary" variant="outlined" />}
              {shared && <Chip size="small" color="secondary" label={ROLE_LABELS[account.role]} data-testid="account-role" />}
              {account.status !== 'active' && <StatusChip status={account.status} />}
            </Stack>
          }
          secondary={`${PRODUCT_LABELS[account.product] ?? account.product} · ${account.number} · ${account.currency}`}
          sx={{ minWidth: 220 }}
        />
        <Box sx={{ textAlign: 'right', ml: 'auto' }}>
          <Typography fontWeight={800} sx={{ fontSize: '1.1rem' }} data-testid="account-balance">
            <Money amount={account.balance} currency={account.currency} />
          </Typography>
          {account.availableBalance !== account.balance && (
            <Typography variant="caption" color="text.secondary">
              <Money amount={account.availableBalance} currency={account.currency} /> available
            </Typography>
          )}
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

/** Every account the customer holds, with its balance and their role in it; invitations; opening another. */
export default function AccountsPage() {
  const { user } = useAuth();
  const { accounts, loading, error, reload, linkTo } = useAccounts();
  const [opening, setOpening] = useState(false);
  const canOpen = user?.status === 'approved';
  return (
    <Stack spacing={3}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" useFlexGap spacing={2}>
        <Typography variant="h4" component="h1" fontWeight={800}>
          Accounts
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={linkTo('/move-money')} startIcon={<SyncAltIcon />} variant="outlined" disabled={accounts.length < 2}>
            Move money
          </Button>
          <Button onClick={() => setOpening(true)} startIcon={<AddIcon />} variant="contained" disabled={!canOpen}>
            Open an account
          </Button>
        </Stack>
      </Stack>
      {!canOpen && <Alert severity="info">You can open further accounts once your application is approved.</Alert>}
      <Invitations onAccepted={reload} />
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={reload}>
              Retry
            </Button>
          }
        >
          We could not load your accounts: {error.message}
        </Alert>
      )}
      {accounts.length > 1 && <CurrencyTotals accounts={accounts} />}
      <Card>
        {loading && accounts.length === 0 ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} />
            ))}
          </Stack>
        ) : (
          <List disablePadding aria-label="Your accounts">
            {/* Closed accounts stay listed (their statements remain), after the open ones. */}
            {[...accounts.filter((a) => a.status !== 'closed'), ...accounts.filter((a) => a.status === 'closed')].map((a) => (
              <AccountRow key={a.id} account={a} to={linkTo(`/accounts/${a.id}`)} />
            ))}
          </List>
        )}
      </Card>
      <OpenAccountDialog open={opening} onClose={() => setOpening(false)} onOpened={reload} />
    </Stack>
  );
}
