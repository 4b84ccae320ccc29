import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatMoney } from '@strongroom/shared';
import { useApi } from '../../api/useApi';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { DepositDetailDialog } from './DepositDetailDialog';
import { OpenDepositDialog } from './OpenDepositDialog';
import type { DepositDto } from './deposits-api';

const STATUS_LABELS: Record<DepositDto['status'], string> = { active: 'Active', matured: 'Matured', withdrawn: 'Withdrawn' };

/** /deposits: the customer's term deposits, opening one, and each one's renewal choice and early withdrawal. */
export default function DepositsPage() {
  const deposits = useApi('/v1/deposits');
  const [opening, setOpening] = useState(false);
  const [shown, setShown] = useState<DepositDto | null>(null);
  const [notice, setNotice] = useState('');
  if (deposits.loading && !deposits.data) return <FullScreenLoader />;
  const items = deposits.data?.deposits ?? [];
  return (
    <Stack spacing={3}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={2}>
        <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          Term deposits
        </Typography>
        <Button variant="contained" onClick={() => setOpening(true)}>
          Open a term deposit
        </Button>
      </Stack>
      <Typography color="text.secondary">A fixed rate for 3, 6, 12 or 24 months, from 1,000.00. Interest is worked out daily and paid at maturity.</Typography>
      {notice && (
        <Alert severity="success" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      )}
      {deposits.error && <Alert severity="error">{deposits.error.message}</Alert>}
      <Card>
        <CardContent>
          {items.length === 0 ? (
            <Box sx={{ py: 4, textAlign: 'center' }}>
              <Typography color="text.secondary">You have no term deposits yet.</Typography>
            </Box>
          ) : (
            <TableContainer>
              <Table aria-label="Term deposits">
                <TableHead>
                  <TableRow>
                    <TableCell>Deposit</TableCell>
                    <TableCell>Rate</TableCell>
                    <TableCell align="right">Principal</TableCell>
                    <TableCell>Matures</TableCell>
                    <TableCell align="right">Interest at maturity</TableCell>
                    <TableCell>At maturity</TableCell>
                    <TableCell>Status</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((d) => (
                    <TableRow key={d.id} hover sx={{ cursor: 'pointer' }} onClick={() => setShown(d)} data-testid="deposit-row">
                      <TableCell>{d.name}</TableCell>
                      <TableCell>{d.rate}%</TableCell>
                      <TableCell align="right">{formatMoney(d.principal, d.currency)}</TableCell>
                      <TableCell>{d.maturityDate}</TableCell>
                      <TableCell align="right">{formatMoney(d.expectedInterest, d.currency)}</TableCell>
                      <TableCell>{d.status === 'active' ? (d.renew ? 'Renews' : 'Paid out') : '—'}</TableCell>
                      <TableCell>
                        <Chip size="small" label={STATUS_LABELS[d.status]} color={d.status === 'active' ? 'success' : 'default'} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
      <OpenDepositDialog
        open={opening}
        onClose={() => setOpening(false)}
        onOpened={(d) => {
          setNotice(`Your ${d.name.toLowerCase()} is open at ${d.rate}%.`);
          deposits.reload();
        }}
      />
      <DepositDetailDialog
        deposit={shown}
        onClose={() => setShown(null)}
        onChanged={(message) => {
          if (message) setNotice(message);
          deposits.reload();
        }}
      />
    </Stack>
  );
}
