import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { describeRepeat, formatCalendarDate, formatMoney, type StandingOrderDto } from '@strongroom/shared';
import { useApi } from '../../api/useApi';
import { PlannedPaymentRow, PlannedPaymentsCard, useStopAction } from './PlannedPayments';

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the order's second line says: how often and to which account, when it pays next, and what its payments came to. */
function orderDetails(order: StandingOrderDto): string {
  const parts = [sentenceCase(describeRepeat(order.frequency, order.untilOn)), `account ending ${order.recipientAccountNumber.slice(-4)}`];
  if (order.nextOn) parts.push(`next payment ${formatCalendarDate(order.nextOn)}`);
  parts.push(`${order.paymentsMade} ${order.paymentsMade === 1 ? 'payment' : 'payments'} made`);
  if (order.status === 'stopped') parts.push('stopped after payments in a row could not be made');
  if (order.lastFailure) parts.push(`last payment not made: ${order.lastFailure}`);
  return parts.join(' · ');
}

/**
 * The customer's standing orders (docs/decisions/0053): each with its amount, payee and next date; an active one can
 * be stopped, after a confirmation (it cannot be started again but by setting it up anew).
 */
export function StandingOrders() {
  const { data, reload } = useApi('/v1/standing-orders');
  const { busyId, stop } = useStopAction(reload);
  const [confirming, setConfirming] = useState<StandingOrderDto | null>(null);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  const busy = !!busyId;

  return (
    <PlannedPaymentsCard id="standing-orders-title" title="Standing orders" testId="standing-orders">
      {items.map((order) => (
        <PlannedPaymentRow
          key={order.id}
          title={`${formatMoney(order.amount, order.currency)} to ${order.recipientName}`}
          details={orderDetails(order)}
          status={order.status}
          action={
            order.status === 'active' && (
              <Button size="small" variant="outlined" color="error" onClick={() => setConfirming(order)} aria-label={`Stop the standing order to ${order.recipientName}`}>
                Stop
              </Button>
            )
          }
        />
      ))}
      <Dialog open={!!confirming} onClose={() => !busy && setConfirming(null)} aria-labelledby="stop-order-title">
        <DialogTitle id="stop-order-title">Stop this standing order?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirming &&
              `No further payments of ${formatMoney(confirming.amount, confirming.currency)} to ${confirming.recipientName} will be made. Payments already made are not affected. To pay them again later, set up a new one.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} disabled={busy}>
            Keep it
          </Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => confirming && void stop(confirming.id, 'standing-order').then(() => setConfirming(null))}>
            {busy ? 'Stopping...' : 'Stop standing order'}
          </Button>
        </DialogActions>
      </Dialog>
    </PlannedPaymentsCard>
  );
}
