import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { formatMoney, parseAmountToMinor } from '@strongroom/shared';
import { useAuth } from '../../auth/AuthContext';
import { CopyButton } from '../../components/CopyButton';
import { Money } from '../../components/Money';
import { StatusChip } from '../../components/StatusChip';
import { getAccount, type AccountDetailDto } from './accounts-api';
import { PRODUCT_LABELS, ROLE_LABELS, mayManage, useAccounts } from './AccountsContext';
import { CloseAccountDialog } from './CloseAccountDialog';
import { HoldersSection } from './HoldersSection';
import { InterestSection } from './InterestSection';
import { PaymentDetails } from './PaymentDetails';
import { RenameDialog } from './RenameDialog';

/** For a family member: what they may still pay from this account today, and who sets it. */
export function DependantNotice({ account }: { account: Pick<AccountDetailDto, 'dailyLimit' | 'spentToday' | 'currency'> }) {
  if (!account.dailyLimit) return <Alert severity="info">You hold this account as a family member: you can see it and pay from it. Only its owner can change it.</Alert>;
  const limit = parseAmountToMinor(account.dailyLimit, account.currency);
  if (limit === 0n) {
    return (
      <Alert severity="info" data-testid="dependant-limit">
        You hold this account as a family member with no daily allowance: you can see it but not pay from it. Only its owner can change that.
      </Alert>
    );
  }
  const spent = account.spentToday ? parseAmountToMinor(account.spentToday, account.currency) : 0n;
  const left = limit > spent ? limit - spent : 0n;
  return (
    <Alert severity="info" data-testid="dependant-limit">
      You hold this account as a family member: you can pay up to {formatMoney(account.dailyLimit, account.currency)} a day from it, and {formatMoney(left, account.currency)} is left today. Only its
      owner can change the limit or the account.
    </Alert>
  );
}

function Summary({ account, onRename }: { account: AccountDetailDto; onRename?: () => void }) {
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
            {account.name}
          </Typography>
          {onRename && (
            <Button size="small" startIcon={<EditIcon />} onClick={onRename}>
              Rename
            </Button>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ my: 1 }} flexWrap="wrap" useFlexGap>
          <Chip size="small" label={PRODUCT_LABELS[account.product] ?? account.product} />
          <Chip size="small" label={account.currency} />
          {account.isPrimary && account.role === 'owner' && <Chip size="small" variant="outlined" label="Primary" />}
          {account.role !== 'owner' && <Chip size="small" color="secondary" label={ROLE_LABELS[account.role]} />}
          {account.status !== 'active' && <StatusChip status={account.status} />}
        </Stack>
        <Stack direction="row" alignItems="center" spacing={0.5}>
          <Typography color="text.secondary">Account number</Typography>
          <Typography fontWeight={700} sx={{ letterSpacing: 1 }} data-testid="account-number">
            {account.number}
          </Typography>
          <CopyButton text={account.number} label="Copy account number" copied="Account number copied" />
        </Stack>
        <Typography variant="h4" component="p" fontWeight={800} sx={{ mt: 2, fontVariantNumeric: 'tabular-nums' }} data-testid="account-detail-balance">
          <Money amount={account.balance} currency={account.currency} />
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {account.availableBalance === account.balance ? 'Balance' : `Balance · ${formatMoney(account.availableBalance, account.currency)} available`}
        </Typography>
      </CardContent>
    </Card>
  );
}

function useAccountDetail(id: string) {
  const [account, setAccount] = useState<AccountDetailDto | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    getAccount(id, ctrl.signal)
      .then((a) => {
        setAccount(a);
        setError(null);
      })
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setError(e);
      });
    return () => ctrl.abort();
  }, [id, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { account, error, reload };
}

/** One account: its number and payment details to copy, its name, who holds it, and closing it. */
export default function AccountDetailsPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { accounts, reload: reloadList, linkTo } = useAccounts();
  const { account, error, reload } = useAccountDetail(id);
  const [renaming, setRenaming] = useState(false);
  const [closing, setClosing] = useState(false);
  const changed = () => {
    reload();
    reloadList();
  };
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!account || !user) return <Skeleton variant="rounded" height={240} />;
  const manage = mayManage(account.role) && account.status !== 'closed';
  const termDeposit = account.product === 'fixed_deposit';
  return (
    <Stack spacing={3}>
      <Box>
        <Button component={RouterLink} to={linkTo('/accounts')} startIcon={<ArrowBackIcon />}>
          All accounts
        </Button>
      </Box>
      <Summary account={account} onRename={manage ? () => setRenaming(true) : undefined} />
      {account.role === 'dependant' && <DependantNotice account={account} />}
      {account.status === 'active' && !termDeposit && (
        <Box>
          <Button component={RouterLink} to={`/move-money?account=${account.id}`} variant="contained" startIcon={<SyncAltIcon />}>
            Move money from this account
          </Button>
        </Box>
      )}
      <InterestSection accountId={account.id} product={account.product} />
      {termDeposit ? (
        // Money leaves a term deposit only at maturity or by early withdrawal, both on the Term deposits page.
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/deposits">
              Term deposits
            </Button>
          }
        >
          This term deposit pays out at maturity. To change its renewal or withdraw it early, go to Term deposits.
        </Alert>
      ) : (
        <PaymentDetails details={account.paymentDetails} />
      )}
      {manage && !termDeposit && <HoldersSection accountId={account.id} currency={account.currency} onChanged={changed} />}
      {manage && !termDeposit && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" fontWeight={700}>
              Close this account
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {account.isPrimary
                ? 'Your primary account closes last, after your other accounts: closing it ends your relationship with Strongroom.'
                : 'Any money left in it moves to another of your accounts in the same currency first.'}
            </Typography>
            <Button color="error" variant="outlined" onClick={() => setClosing(true)}>
              Close account
            </Button>
          </CardContent>
        </Card>
      )}
      <RenameDialog open={renaming} accountId={account.id} name={account.name} onClose={() => setRenaming(false)} onRenamed={changed} />
      <CloseAccountDialog
        open={closing}
        account={account}
        accounts={accounts}
        onClose={() => setClosing(false)}
        onClosed={(message) => {
          setClosing(false);
          enqueueSnackbar(message, { variant: 'success' });
          reloadList();
          navigate('/accounts');
        }}
      />
    </Stack>
  );
}
