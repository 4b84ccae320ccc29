import { Alert, Box, Button, Card, CardContent, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ChequeDto } from '@strongroom/shared';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { StatusChip } from '../../components/StatusChip';
import { StatusTimeline } from '../../components/StatusTimeline';

function ChequeCard({ cheque }: { cheque: ChequeDto }) {
  return (
    <Card variant="outlined" data-testid="cheque-deposit">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ sm: 'center' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography fontWeight={700} sx={{ fontSize: '1.1rem' }}>
              <Money amount={cheque.amount} currency={cheque.currency} />
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Cheque no. {cheque.chequeNumber} · {cheque.bankName} · deposited <DateText value={cheque.createdAt} />
            </Typography>
          </Box>
          <Box>
            <StatusChip status={cheque.status} />
          </Box>
        </Stack>
        {cheque.status === 'rejected' && cheque.reason && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Not credited. Reason: {cheque.reason}
          </Alert>
        )}
        <Divider sx={{ my: 2 }} />
        <StatusTimeline entries={cheque.timeline} title="Deposit timeline" />
        {cheque.transactionReference && (
          <Button component={RouterLink} to={`/transactions/${cheque.transactionReference}`} size="small" sx={{ mt: 1.5 }}>
            View the credit
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The customer's deposits, newest first. */
export function ChequeDepositList({ items, loading, error }: { items: ChequeDto[] | undefined; loading: boolean; error: Error | null }) {
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (loading && !items) return <Skeleton variant="rounded" height={120} />;
  if (!items || items.length === 0) {
    return <Typography color="text.secondary">No cheque deposits yet. Deposits you make appear here with their status.</Typography>;
  }
  return (
    <Stack spacing={2}>
      {items.map((cheque) => (
        <ChequeCard key={cheque.id} cheque={cheque} />
      ))}
    </Stack>
  );
}
