import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { formatCalendarDate, formatMoney, type ScheduledTransferDto } from '@strongroom/shared';
import { api } from '../../api/client';
import { useApi } from '../../api/useApi';
import { StatusChip } from '../../components/StatusChip';

/** Transfers dated for later: each with its date, amount and state; waiting ones can be cancelled until their date. */
export function ScheduledTransfers() {
  const { data, reload } = useApi<{ items: ScheduledTransferDto[] }>('/transfer/scheduled');
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<string | null>(null);
  const items = data?.items ?? [];
  if (items.length === 0) return null;

  const cancel = async (id: string) => {
    setBusy(id);
    try {
      const res = await api.post<{ message: string }>(`/transfer/${id}/cancel`);
      enqueueSnackbar(res.message, { variant: 'success' });
      reload();
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="scheduled-title">
      <CardContent>
        <Typography id="scheduled-title" variant="h6" component="h2" fontWeight={700} sx={{ mb: 1.5 }}>
          Scheduled transfers
        </Typography>
        <Stack spacing={1.5} data-testid="scheduled-transfers">
          {items.map((item) => (
            <Box key={item.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography fontWeight={600}>
                  {formatMoney(item.amount, item.currency)} to {item.recipientName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {item.status === 'scheduled' ? 'Sends on' : 'Was due'} {formatCalendarDate(item.executeOn)} · fee {formatMoney(item.fee, item.currency)}
                  {item.statusReason ? ` · ${item.statusReason}` : ''}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} alignItems="center">
                <StatusChip status={item.status} />
                {item.status === 'scheduled' && (
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    disabled={busy === item.id}
                    onClick={() => cancel(item.id)}
                    aria-label={`Cancel the transfer to ${item.recipientName} on ${item.executeOn}`}
                  >
                    {busy === item.id ? 'Cancelling...' : 'Cancel'}
                  </Button>
                )}
              </Stack>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
