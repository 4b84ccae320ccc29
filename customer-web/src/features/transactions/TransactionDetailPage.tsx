import { Box, Button, Card, CardContent, Grid, IconButton, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/Place';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { formatMoney } from '@strongroom/shared';
import { useApi } from '../../api/useApi';
import { ApiError } from '../../api/client';
import { DateText } from '../../components/DateText';
import { StatusChip } from '../../components/StatusChip';
import { StatusTimeline } from '../../components/StatusTimeline';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box>{children}</Box>
    </Grid>
  );
}

export default function TransactionDetailPage() {
  const { reference } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const { data, error } = useApi('/v1/transaction/{reference}', { params: { path: { reference: reference ?? '' } } });
  const tx = data?.transaction;

  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      enqueueSnackbar(`${label} copied to clipboard!`, { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to copy to clipboard', { variant: 'error' });
    }
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Button component={RouterLink} to="/transactions" startIcon={<ArrowBackIcon />}>
          Back to transactions
        </Button>
      </Box>
      {error ? (
        <Card>
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h6" component="h1" fontWeight={700}>
              {(error as ApiError).status === 404 ? 'Transaction not found' : 'Something went wrong'}
            </Typography>
            <Typography color="text.secondary">{(error as ApiError).status === 404 ? 'It may belong to another account or the link may be wrong.' : error.message}</Typography>
          </CardContent>
        </Card>
      ) : !tx ? (
        <Card>
          <CardContent>
            <Typography component="h1" color="text.secondary" sx={{ mb: 2 }}>
              Loading transaction...
            </Typography>
            <Skeleton variant="rounded" height={200} />
          </CardContent>
        </Card>
      ) : (
        <>
          <Card>
            <CardContent sx={{ textAlign: 'center', py: 4 }}>
              <Typography component="h1" color="text.secondary" sx={{ fontSize: '1rem', fontWeight: 400 }}>
                {tx.description}
              </Typography>
              <Typography variant="h3" component="p" fontWeight={800} sx={{ my: 1, color: tx.type === 'credit' ? 'success.main' : 'text.primary' }} data-testid="detail-amount">
                {formatMoney(tx.amount, tx.currency, { sign: tx.type })}
              </Typography>
              <StatusChip status={tx.status} size="medium" />
              {tx.statusReason && (
                <Typography sx={{ mt: 1.5 }} data-testid="detail-reason">
                  {tx.status === 'failed' ? 'Not sent: ' : 'Reason: '}
                  {tx.statusReason}
                </Typography>
              )}
            </CardContent>
          </Card>
          {tx.timeline && tx.timeline.length > 0 && (
            <Card>
              <CardContent>
                <StatusTimeline entries={tx.timeline} />
                {tx.status === 'failed' && tx.type === 'debit' && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                    The amount and its fee came back to your account as a separate refund line in your transactions.
                  </Typography>
                )}
              </CardContent>
            </Card>
          )}
          <Card>
            <CardContent>
              <Grid container spacing={2.5}>
                <Field label="Date">
                  <DateText value={tx.createdAt} />
                </Field>
                <Field label="Reference">
                  <Stack direction="row" alignItems="center" spacing={1}>
                    <Typography fontFamily="monospace" data-testid="detail-reference">
                      {tx.reference}
                    </Typography>
                    <Tooltip title="Copy reference">
                      <IconButton size="small" aria-label="Copy reference" onClick={() => copy('Reference', tx.reference)}>
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                </Field>
                <Field label="Type">
                  <Typography sx={{ textTransform: 'capitalize' }}>{tx.type}</Typography>
                </Field>
                <Field label="Category">
                  <Typography>{tx.category}</Typography>
                </Field>
                <Field label={tx.type === 'credit' ? 'From' : 'Recipient'}>
                  <Typography>{tx.recipient ?? '—'}</Typography>
                </Field>
                <Field label="Fees">
                  <Typography>{formatMoney(tx.fees, tx.currency)}</Typography>
                </Field>
                <Field label="Balance after">
                  <Typography>{tx.balanceAfter ? formatMoney(tx.balanceAfter, tx.currency) : '—'}</Typography>
                </Field>
                {tx.memo && (
                  <Field label="Memo">
                    <Typography>{tx.memo}</Typography>
                  </Field>
                )}
              </Grid>
            </CardContent>
          </Card>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
                    <PersonIcon color="primary" />
                    <Typography fontWeight={700}>Account holder</Typography>
                  </Stack>
                  <Typography>{tx.accountHolder?.name}</Typography>
                  <Typography color="text.secondary">Account {tx.accountHolder?.accountNumber}</Typography>
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
                    <PlaceIcon color="primary" />
                    <Typography fontWeight={700}>Where it happened</Typography>
                  </Stack>
                  <Typography>{tx.channel}</Typography>
                  <Typography color="text.secondary">{tx.location ?? 'Not recorded'}</Typography>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </>
      )}
    </Stack>
  );
}
