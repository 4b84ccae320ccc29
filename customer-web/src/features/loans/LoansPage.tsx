import { Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useAuth } from '../../auth/AuthContext';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useTabParam } from '../../components/useTabParam';
import { LoanApplicationForm } from './LoanApplicationForm';
import { LoanCalculator } from './LoanCalculator';
import { LoanHistory } from './LoanHistory';

const TABS = ['calculator', 'application', 'history'] as const;
type TabName = (typeof TABS)[number];

/** /loans?tab=calculator|application|history: the tab lives in the URL, so reloads and links keep it. */
export default function LoansPage() {
  const { user } = useAuth();
  const [tab, go] = useTabParam(TABS, 'calculator', { keepFirst: true });
  if (!user) return <FullScreenLoader />;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        Loans
      </Typography>
      <Typography color="text.secondary">Approval in as little as 24 hours, with rates from 2.99%.</Typography>
      <Card>
        <Tabs value={tab} onChange={(_e, v: TabName) => go(v)} variant="scrollable" aria-label="Loans" sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
          <Tab value="calculator" label="Calculator" />
          <Tab value="application" label="Apply" />
          <Tab value="history" label="My Loans" />
        </Tabs>
        <CardContent sx={{ p: { xs: 2, md: 4 } }}>
          {tab === 'calculator' && <LoanCalculator />}
          {tab === 'application' && <LoanApplicationForm user={user} onApplied={() => go('history')} />}
          {tab === 'history' && <LoanHistory userId={user.id} onApply={() => go('application')} />}
        </CardContent>
      </Card>
    </Stack>
  );
}
