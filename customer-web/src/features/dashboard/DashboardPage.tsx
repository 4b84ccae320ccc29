import { Alert, Box, Button, Card, CardContent, CardHeader, Grid, Link, List, Skeleton, Stack, Typography } from '@mui/material';
import SouthWestIcon from '@mui/icons-material/SouthWest';
import NorthEastIcon from '@mui/icons-material/NorthEast';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import AddCardIcon from '@mui/icons-material/AddCard';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link as RouterLink } from 'react-router-dom';
import { DASHBOARD_RECENT_COUNT, formatMoney, minorToDisplayNumber, parseAmountToMinor, type DashboardSummaryDto } from '@strongroom/shared';
import { useAuth } from '../../auth/AuthContext';
import { useApi } from '../../api/useApi';
import { BalanceCard } from '../../components/BalanceCard';
import { StatTile } from '../../components/StatTile';
import { TransactionRow } from '../../components/TransactionRow';
import { customerTimeZone } from '../../api/time-zone';
import { UpcomingPayments } from './UpcomingPayments';
import { AccountsOverview } from './AccountsOverview';
import { PRODUCT_LABELS, useAccounts } from '../accounts/AccountsContext';

const QUICK_ACTIONS = [
  { label: 'Transfer', to: '/transfers', icon: <SwapHorizIcon /> },
  { label: 'Add card', to: '/cards?tab=add', icon: <AddCardIcon /> },
  { label: 'Cheque Deposit', to: '/deposit-cheque', icon: <ReceiptLongIcon /> },
  { label: 'Crypto Currency', to: '/crypto', icon: <CurrencyBitcoinIcon /> },
];

/** 'YYYY-MM-DD' as a local calendar day (new Date('2026-11-01') would be UTC midnight and can show Oct 31). */
function calendarDay(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
}
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const LONG_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long' });

function greetingFor(hour: number): string {
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

function FlowChart({ series, currency }: { series: DashboardSummaryDto['series']; currency: string }) {
  const toNumber = (amount: string) => minorToDisplayNumber(parseAmountToMinor(amount, currency), currency);
  const quiet = series.every((s) => s.in === '0.00' && s.out === '0.00');
  // Axis ticks may round to whole units; tooltips show the exact wire amounts.
  const axisMoney = (v: number) => formatMoney(parseAmountToMinor(String(Math.round(v)), currency), currency).replace(/\.00$/, '');
  if (quiet) {
    return (
      <Box sx={{ height: 260, display: 'grid', placeItems: 'center', textAlign: 'center' }} data-testid="flow-chart">
        <Typography color="text.secondary">No money in or out in the last 30 days</Typography>
      </Box>
    );
  }
  return (
    <Box data-testid="flow-chart">
      <BarChart
        height={260}
        margin={{ left: 8, right: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            data: series.map((s) => s.date),
            valueFormatter: (date: string, ctx) => (ctx.location === 'tick' ? SHORT_DAY.format(calendarDay(date)) : LONG_DAY.format(calendarDay(date))),
            // Weekly labels from the first day, so the last one never runs off the edge.
            tickLabelInterval: (_date: string, i: number) => i % 7 === 0,
          },
        ]}
        yAxis={[{ width: 64, valueFormatter: axisMoney }]}
        series={[
          { data: series.map((s) => toNumber(s.in)), label: 'Money in', color: '#0f9d76', valueFormatter: (_v, { dataIndex }) => formatMoney(series[dataIndex].in, currency) },
          { data: series.map((s) => toNumber(s.out)), label: 'Money out', color: '#d32f2f', valueFormatter: (_v, { dataIndex }) => formatMoney(series[dataIndex].out, currency) },
        ]}
      />
    </Box>
  );
}

export default function DashboardPage() {
  const { user } = useAuth();
  // The account chosen in the switcher (the primary one by default); asked for once the accounts are known, so the
  // summary is not fetched twice. When they cannot be read the summary is the primary account's, as before accounts.
  const { selected, loading: accountsLoading, linkTo } = useAccounts();
  const query = { timeZone: customerTimeZone(), ...(selected ? { accountId: selected.id } : {}) };
  const { data, error, loading, reload } = useApi(accountsLoading && !selected ? null : '/v1/dashboard/summary', { params: { query } });
  if (!user) return null;
  const name = [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ');
  const currency = data?.currency ?? selected?.currency ?? user.currency ?? 'USD';
  const now = new Date();
  const thisMonth = MONTH.format(now);
  const lastMonth = MONTH.format(new Date(now.getFullYear(), now.getMonth() - 1, 1));
  // The server compares with the same days of last month (never past its last day).
  const lastMonthDays = Math.min(now.getDate(), new Date(now.getFullYear(), now.getMonth(), 0).getDate());
  // "November 1-2" (or "November 1" on the 1st): the days compared, also where they held nothing, so that last
  // month's later transactions in the list below do not seem to contradict it.
  const comparedDays = lastMonthDays === 1 ? `${lastMonth} 1` : `${lastMonth} 1-${lastMonthDays}`;
  const comparedWith = `vs ${comparedDays}`;
  // While loading or after a failure the flows are unknown: show a placeholder, never a made-up $0.00.
  const flowValue = (amount: string | undefined) => (data ? amount : loading ? <Skeleton width={110} /> : '—');
  const recent = data?.recent.slice(0, DASHBOARD_RECENT_COUNT) ?? [];
  // A family member's account takes no card (account-roles.ts: only the owner or a joint holder borrows).
  const quickActions = QUICK_ACTIONS.filter((a) => selected?.role !== 'dependant' || a.to !== '/cards?tab=add');

  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <Box>
        <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }} data-testid="greeting">
          {greetingFor(now.getHours())}, {name}
        </Typography>
        <Typography color="text.secondary">Here is where your money stands today.</Typography>
      </Box>
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={reload} disabled={loading}>
              {loading ? 'Retrying...' : 'Retry'}
            </Button>
          }
          data-testid="dashboard-error"
        >
          We could not load your latest figures: {error.message}
        </Alert>
      )}
      <Grid container spacing={{ xs: 2, md: 3 }}>
        <Grid size={{ xs: 12, lg: 6 }}>
          {/* The session's balance (from the ledger at sign-in) until the summary brings the current one. */}
          <BalanceCard
            balance={data?.balance ?? selected?.balance ?? user.accountBalance ?? '0.00'}
            currency={currency}
            accountType={selected ? (PRODUCT_LABELS[selected.product] ?? selected.product) : user.accountType}
            accountNumber={selected?.number ?? user.accountNumber}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatTile
            testId="inflow"
            title="Money in"
            icon={<SouthWestIcon />}
            currency={currency}
            value={flowValue(data?.inflow.amount)}
            caption={`${thisMonth} so far`}
            trend={data ? data.inflow.changePct : undefined}
            trendLabel={comparedWith}
            noTrendText={`Nothing in ${comparedDays} to compare with`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatTile
            testId="outflow"
            title="Money out"
            icon={<NorthEastIcon />}
            currency={currency}
            value={flowValue(data?.outflow.amount)}
            caption={`${thisMonth} so far, fees included`}
            trend={data ? data.outflow.changePct : undefined}
            trendLabel={comparedWith}
            noTrendText={`Nothing in ${comparedDays} to compare with`}
            trendGoodWhen="down"
          />
        </Grid>
        <Grid size={12} sx={{ '&:empty': { display: 'none' } }}>
          <AccountsOverview />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatTile
            testId="cards-count"
            title="Linked cards"
            icon={<CreditCardIcon />}
            value={data ? data.counts.cards : loading ? <Skeleton width={40} /> : '—'}
            caption={
              <Link component={RouterLink} to="/cards" underline="hover">
                View cards
              </Link>
            }
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatTile
            testId="crypto-count"
            title="Crypto assets"
            icon={<CurrencyBitcoinIcon />}
            value={data ? data.counts.cryptoAssets : loading ? <Skeleton width={40} /> : '—'}
            caption={
              <Link component={RouterLink} to="/crypto" underline="hover">
                View assets
              </Link>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography color="text.secondary" variant="body2" fontWeight={500} gutterBottom>
                Quick actions
              </Typography>
              <Grid container spacing={1}>
                {quickActions.map((a) => (
                  <Grid key={a.label} size={{ xs: 6, sm: 3 }}>
                    <Button component={RouterLink} to={a.to} fullWidth variant="outlined" sx={{ flexDirection: 'column', py: 1.5, gap: 0.5, height: '100%', textAlign: 'center' }}>
                      {a.icon}
                      <Typography variant="caption" fontWeight={600} lineHeight={1.3}>
                        {a.label}
                      </Typography>
                    </Button>
                  </Grid>
                ))}
              </Grid>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12} sx={{ '&:empty': { display: 'none' } }}>
          <UpcomingPayments />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Card sx={{ height: '100%' }} data-testid="recent-transactions">
            <CardHeader
              title="Recent transactions"
              titleTypographyProps={{ variant: 'h6', fontWeight: 700 }}
              subheader={
                data && data.counts.transactions > 0 ? `Latest ${recent.length} of ${data.counts.transactions.toLocaleString('en-US')}${data.counts.transactionsCapped ? '+' : ''}` : undefined
              }
              action={
                <Button component={RouterLink} to={linkTo('/transactions')}>
                  View all
                </Button>
              }
            />
            <CardContent sx={{ pt: 0, px: { xs: 1, sm: 2 } }}>
              {loading && !data ? (
                <Stack spacing={1}>
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} variant="rounded" height={56} />
                  ))}
                </Stack>
              ) : !data ? (
                <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                  Your recent transactions could not be loaded.
                </Typography>
              ) : recent.length > 0 ? (
                <List disablePadding>
                  {recent.map((tx) => (
                    <TransactionRow key={tx.id} tx={tx} />
                  ))}
                </List>
              ) : (
                <Box sx={{ py: 4, textAlign: 'center' }}>
                  <Typography fontWeight={600}>No transactions found</Typography>
                  <Typography color="text.secondary" variant="body2">
                    Money you send or receive will show up here.
                  </Typography>
                </Box>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title="Last 30 days" titleTypographyProps={{ variant: 'h6', fontWeight: 700 }} subheader="Money in and out per day" />
            <CardContent sx={{ pt: 0, px: { xs: 1, sm: 2 } }}>
              {data ? (
                <FlowChart series={data.series} currency={currency} />
              ) : loading ? (
                <Skeleton variant="rounded" height={240} />
              ) : (
                <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                  The chart could not be loaded.
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}
