import { Alert, Box, Card, CardContent, Divider, Link, Skeleton, Stack, Typography } from '@mui/material';
import { formatMoney, type CryptoRequestDto } from '@strongroom/shared';
import { DateText } from '../../components/DateText';
import { StatusChip } from '../../components/StatusChip';
import { StatusTimeline } from '../../components/StatusTimeline';
import { AssetIcon } from './AssetIcon';

function RequestCard({ request }: { request: CryptoRequestDto }) {
  const deposit = request.kind === 'deposit';
  return (
    <Card variant="outlined" data-testid="crypto-request">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="space-between" alignItems={{ sm: 'center' }}>
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 0 }}>
            <AssetIcon symbol={request.symbol} size={36} />
            <Box sx={{ minWidth: 0 }}>
              <Typography fontWeight={700} component="h3">
                {deposit ? 'Deposit' : 'Withdrawal'} of {request.amount} {request.symbol}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {/* A network named as its asset (Bitcoin on Bitcoin) is said once. */}
                {request.crypto} · {request.network !== request.crypto && `${request.network} · `}
                <DateText value={request.createdAt} />
              </Typography>
            </Box>
          </Stack>
          <Box>
            <StatusChip status={request.status} />
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
          {deposit ? (
            <>
              Sent to {request.address}. Worth about {formatMoney(request.valueUsd, 'USD')} at the reference price.{' '}
              {request.receipt && (
                <Link href={request.receipt} target="_blank" rel="noopener">
                  View receipt
                </Link>
              )}
            </>
          ) : (
            <>
              To {request.address}. Network fee {request.networkFee} {request.symbol}; {request.total} {request.symbol} leaves your holding.
            </>
          )}
        </Typography>
        {request.status === 'rejected' && request.reason && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {deposit ? 'Not credited' : `Not sent: the ${request.total} ${request.symbol} is back in your wallet`}. Reason: {request.reason}
          </Alert>
        )}
        <Divider sx={{ my: 2 }} />
        <StatusTimeline entries={request.timeline} title="Request timeline" />
      </CardContent>
    </Card>
  );
}

/** The customer's deposits and withdrawals, newest first, each with its status, reason and timeline. */
export function CryptoRequests({ items, loading, error }: { items: CryptoRequestDto[] | undefined; loading: boolean; error: Error | null }) {
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (loading && !items) return <Skeleton variant="rounded" height={120} />;
  if (!items || items.length === 0) return <Typography color="text.secondary">No requests yet. Deposits and withdrawals you make appear here with their status.</Typography>;
  return (
    <Stack spacing={2}>
      {items.map((request) => (
        <RequestCard key={request.id} request={request} />
      ))}
    </Stack>
  );
}
