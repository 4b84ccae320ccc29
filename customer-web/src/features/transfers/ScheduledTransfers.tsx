import { Button } from '@mui/material';
import { formatCalendarDate, formatMoney } from '@strongroom/shared';
import { useApi } from '../../api/useApi';
import { PlannedPaymentRow, PlannedPaymentsCard, useStopAction } from './PlannedPayments';

/** Transfers dated for later: each with its date, amount and state; waiting ones can be cancelled until their date. */
export function ScheduledTransfers() {
  const { data, reload } = useApi('/v1/transfer/scheduled');
  const { busyId, stop } = useStopAction(reload);
  const items = data?.items ?? [];
  if (items.length === 0) return null;

  return (
    <PlannedPaymentsCard id="scheduled-title" title="Scheduled transfers" testId="scheduled-transfers">
      {items.map((item) => (
        <PlannedPaymentRow
          key={item.id}
          title={`${formatMoney(item.amount, item.currency)} to ${item.recipientName}`}
          details={`${item.status === 'scheduled' ? 'Sends on' : 'Was due'} ${formatCalendarDate(item.executeOn)} · fee ${formatMoney(item.fee, item.currency)}${item.statusReason ? ` · ${item.statusReason}` : ''}`}
          status={item.status}
          action={
            item.status === 'scheduled' && (
              <Button
                size="small"
                variant="outlined"
                color="error"
                disabled={busyId === item.id}
                onClick={() => void stop(item.id, 'scheduled-transfer')}
                aria-label={`Cancel the transfer to ${item.recipientName} on ${item.executeOn}`}
              >
                {busyId === item.id ? 'Cancelling...' : 'Cancel'}
              </Button>
            )
          }
        />
      ))}
    </PlannedPaymentsCard>
  );
}
