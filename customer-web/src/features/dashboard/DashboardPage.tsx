import { Alert, Box, Button, Card, CardContent, CardHeader, Grid, List, Skeleton, Stack, Typography } from '@mui/material';
import SouthWestIcon from '@mui/icons-material/SouthWest';
import NorthEastIcon from '@mui/icons-material/NorthEast';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import AddCardIcon from '@mui/icons-material/AddCard';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney, minorToDisplayNumber, parseAmountToMinor, type DashboardSummaryDto } from '@strongroom/shared';
import { useAuth } from '../../auth/AuthContext';
import { useApi } from '../../api/useApi';
import { BalanceCard } from '../../components/BalanceCard';
import { StatTile } from '../../components/StatTile';
import { TransactionRow } from '../../components/TransactionRow';

const QUICK_ACTIONS = [
  { label: 'Transfer', to: '/transfers', icon: <SwapHorizIcon /> },
  { label: 'Add card', to: '/cards?tab=add', icon: <AddCardIcon /> },
  { label: 'Cheque Deposit', to: '/deposit-cheque', icon: <ReceiptLongIcon /> },
  { label: 'Crypto Currency', to: '/crypto', icon: <CurrencyBitcoinIcon /> },
];

export default function DashboardPage() {
  const { user } = useAuth();
  const { data, error, loading, reload } = useApi<DashboardSummaryDto>('/dashboard/summary');
  if (!user) return null;
  const name = [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ');
  const currency = data?.currency ?? user.currency ?? 'USD';
  const hour = new Date().getHours();
  const greeting = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" fontWeight={800} data-testid="greeting">
          {greeting}, {name}
        </Typography>
        <Typography color="text.secondary">Here is where your money stands today.</Typography>
      </Box>
      {error && (
        <Alert severity="error" action={<Button color="inherit" onClick={reload}>Retry</Button>}>
          We could not load your dashboard: {error.message}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <BalanceCard balance={data?.balance ?? user.accountBalance ?? '0.00'} currency={currency} accountType={user.accountType} accountNumber={user.accountNumber} />
        </Grid>
        <Grid size={{ xs: 6, lg: 3 }}>
          <StatTile title="Money in this month" icon={<SouthWestIcon />} value={loading ? <Skeleton width={90} /> : formatMoney(data?.inflow.amount ?? '0.00', currency)} trend={data?.inflow.changePct ?? null} />
        </Grid>
        <Grid size={{ xs: 6, lg: 3 }}>
          <StatTile title="Money out this month" icon={<NorthEastIcon />} value={loading ? <Skeleton width={90} /> : formatMoney(data?.outflow.amount ?? '0.00', currency)} trend={data?.outflow.changePct ?? null} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatTile title="Linked cards" icon={<CreditCardIcon />} value={data?.counts.cards ?? 0} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatTile title="Crypto assets" icon={<CurrencyBitcoinIcon />} value={data?.counts.cryptoAssets ?? 0} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography color="text.secondary" variant="body2" gutterBottom>
                Quick actions
              </Typography>
              <Grid container spacing={1}>
                {QUICK_ACTIONS.map((a) => (
                  <Grid key={a.label} size={{ xs: 6, sm: 3 }}>
                    <Button component={RouterLink} to={a.to} fullWidth variant="outlined" sx={{ flexDirection: 'column', py: 1.5, gap: 0.5, height: '100%' }}>
                      {a.icon}
                      <Typography variant="caption" fontWeight={600}>
                        {a.label}
                      </Typography>
                    </Button>
                  </Grid>
                ))}
              </Grid>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title="Last 30 days" subheader="Money in and out per day" />
            <CardContent sx={{ pt: 0 }}>
              {data ? (
                <BarChart
                  height={260}
                  xAxis={[{ scaleType: 'band', data: data.series.map((s) => s.date.slice(5)), tickLabelInterval: (_v: string, i: number) => i % 5 === 0 }]}
                  yAxis={[{ width: 64, valueFormatter: (v: number) => formatMoney(parseAmountToMinor(Math.round(v).toString(), currency), currency).replace(/\.00$/, '') }]}
                  series={[
                    { data: data.series.map((s) => minorToDisplayNumber(parseAmountToMinor(s.in, currency), currency)), label: 'In', color: '#0f9d76' },
                    { data: data.series.map((s) => minorToDisplayNumber(parseAmountToMinor(s.out, currency), currency)), label: 'Out', color: '#c62828' },
                  ]}
                />
              ) : (
                <Skeleton variant="rounded" height={240} />
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title="Recent transactions" action={<Button component={RouterLink} to="/transactions">View all</Button>} />
            <CardContent sx={{ pt: 0 }}>
              {loading && !data ? (
                <Stack spacing={1}>{[0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={56} />)}</Stack>
              ) : data && data.recent.length > 0 ? (
                <List disablePadding>{data.recent.map((tx) => <TransactionRow key={tx.id} tx={tx} />)}</List>
              ) : (
                <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                  No transactions found
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}
