import { useEffect, useState } from 'react';
import { Alert, Card, CardContent, Stack, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useTabParam } from '../../components/useTabParam';
import { TransferCodeModal } from './TransferCodeModal';
import { ScheduledTransfers } from './ScheduledTransfers';
import { StandingOrders } from './StandingOrders';
import { SameBankForm } from './SameBankForm';
import { OutboundForm } from './OutboundForm';

const TABS = ['sameBank', 'local', 'international'] as const;
type TabName = (typeof TABS)[number];

export default function TransfersPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const [tab, setTab] = useTabParam(TABS, 'sameBank', { keepFirst: true });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // A payment just approved may be dated or repeat: the lists below are read again once, when it is done; and its form
  // starts empty again, so closing the dialog does not leave a payment ready to be sent twice.
  const approved = params.get('codeStep') === 'success' ? params.get('transferData') : null;
  const [lastApproval, setLastApproval] = useState('none');
  useEffect(() => {
    if (approved) setLastApproval(approved);
  }, [approved]);
  if (!user) return <FullScreenLoader />;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={800}>
        Transfers
      </Typography>
      {user.status !== 'approved' && <Alert severity="warning">You can send money once your application is approved. We will e-mail you as soon as it is.</Alert>}
      <Card>
        {/* On a phone the three tabs share the width and their labels wrap: every label whole, nothing to scroll. */}
        <Tabs
          value={tab}
          onChange={(_e, v: TabName) => setTab(v)}
          variant={phone ? 'fullWidth' : 'standard'}
          aria-label="Kind of transfer"
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 2 } }}
        >
          <Tab value="sameBank" label="Strongroom account" wrapped={phone} sx={{ px: { xs: 1, sm: 2 } }} />
          <Tab value="local" label="Local bank" wrapped={phone} sx={{ px: { xs: 1, sm: 2 } }} />
          <Tab value="international" label="International" wrapped={phone} sx={{ px: { xs: 1, sm: 2 } }} />
        </Tabs>
        <CardContent sx={{ p: { xs: 2, md: 4 } }}>
          {tab === 'sameBank' && <SameBankForm />}
          {tab === 'local' && <OutboundForm kind="local" key={`local ${lastApproval}`} />}
          {tab === 'international' && <OutboundForm kind="international" key={`international ${lastApproval}`} />}
        </CardContent>
      </Card>
      <StandingOrders key={`standing ${lastApproval}`} />
      <ScheduledTransfers key={`scheduled ${lastApproval}`} />
      <TransferCodeModal />
    </Stack>
  );
}
