import { useState, type ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { api } from '../../api/client';
import { StatusChip } from '../../components/StatusChip';

/**
 * Stopping a payment that is still to come (a scheduled transfer, a standing order): the POST, the server's message as
 * a toast, the list read again; `busyId` names the one on its way.
 */
export function useStopAction(reload: () => void) {
  const { enqueueSnackbar } = useSnackbar();
  const [busyId, setBusyId] = useState<string | null>(null);
  const stop = async (id: string, plan: 'scheduled-transfer' | 'standing-order') => {
    setBusyId(id);
    try {
      const params = { path: { id } };
      const res = await (plan === 'scheduled-transfer' ? api.POST('/v1/transfer/{id}/cancel', { params }) : api.POST('/v1/standing-orders/{id}/cancel', { params }));
      enqueueSnackbar(res.message, { variant: 'success' });
      reload();
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, stop };
}

/** A card of payments still to come on the Transfers page, under its heading. */
export function PlannedPaymentsCard({ id, title, testId, children }: { id: string; title: string; testId: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" fontWeight={700} sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        <Stack spacing={1.5} data-testid={testId}>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One of them: what and to whom, its dates and state, and the button that stops it while it may be. */
export function PlannedPaymentRow({ title, details, status, action }: { title: string; details: string; status: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography fontWeight={600}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {details}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} alignItems="center">
        <StatusChip status={status} />
        {action}
      </Stack>
    </Box>
  );
}
