import { useState, type MouseEvent, type ReactElement } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, SelectInput, Show, SimpleList, TextField, usePermissions, useRecordContext } from 'react-admin';
import { STANDING_ORDER_STATUSES, describeRepeat, formatMoney, type StaffStandingOrderDto } from '@strongroom/shared';
import { CalendarDateField, LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { MoneyField } from '../components/MoneyField';
import { StatusField, humanize } from '../components/StatusField';
import { api } from '../providers/api';
import { useStaffAction } from '../components/useStaffAction';

// Customers' standing orders (docs/decisions/0053): staff read them (a customer asks why a payment left); an admin
// stops one at the customer's request. Each payment is an ordinary local transfer in the Transactions queue.

const repeats = (order: StaffStandingOrderDto) => {
  const text = describeRepeat(order.frequency, order.untilOn);
  return text.charAt(0).toUpperCase() + text.slice(1);
};
const payee = (order: StaffStandingOrderDto) => `${order.recipientName}, ${order.recipientBankName} ${order.recipientAccountNumber}`;

/** Stop, for admins and active orders only, after a confirmation; the server audits it and e-mails the customer. */
export function StopStandingOrderButton(_props: { label?: string }) {
  const order = useRecordContext<StaffStandingOrderDto>();
  const { permissions } = usePermissions();
  const { busy, run } = useStaffAction();
  const [open, setOpen] = useState(false);
  if (!order || permissions !== 'admin' || order.status !== 'active') return null;
  const stop = async () => {
    if (await run(() => api.POST('/v1/admin/standing-orders/{id}/cancel', { params: { path: { id: order.id } } }), 'Standing order stopped')) setOpen(false);
  };
  // Inside a clickable row: the button's clicks are its own.
  const own = (event: MouseEvent) => event.stopPropagation();
  return (
    <span onClick={own}>
      <Button size="small" variant="outlined" color="error" onClick={() => setOpen(true)}>
        Stop
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="stop-standing-order-title">
        <DialogTitle id="stop-standing-order-title">Stop this standing order?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {`${order.customerName}'s payments of ${formatMoney(order.amount, order.currency)} to ${order.recipientName} end now. Do this only at the customer's request: it is in the audit log, and the customer is e-mailed.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Keep it
          </Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void stop()}>
            {busy ? 'Stopping...' : 'Stop standing order'}
          </Button>
        </DialogActions>
      </Dialog>
    </span>
  );
}

/** The columns of an orders table; the customer's page leaves out whose they are. */
export function StandingOrderGrid({ showCustomer = true, empty }: { showCustomer?: boolean; empty?: ReactElement }) {
  return (
    <Datagrid rowClick="show" bulkActionButtons={false} resource="standing-orders" empty={empty}>
      <LongDateField source="createdAt" label="Set up" sortBy="createdAt" />
      {showCustomer && <TextField source="customerName" label="Customer" sortable={false} />}
      <FunctionField<StaffStandingOrderDto> label="Pays" sortable={false} render={payee} />
      <MoneyField source="amount" label="Amount" sortable={false} />
      <FunctionField<StaffStandingOrderDto> label="Repeats" sortable={false} render={repeats} />
      <CalendarDateField source="nextOn" label="Next payment" />
      <TextField source="paymentsMade" label="Payments made" sortable={false} />
      <StatusField label="Status" />
      <StopStandingOrderButton label="Action" />
    </Datagrid>
  );
}

const filters = [<SelectInput key="status" source="status" label="Status" choices={STANDING_ORDER_STATUSES.map((s) => ({ id: s, name: humanize(s) }))} alwaysOn emptyText="All" />];

export function StandingOrderList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Standing orders" exporter={false} actions={false}>
      {phone ? (
        <SimpleList<StaffStandingOrderDto>
          primaryText={(order) => `${formatMoney(order.amount, order.currency)} to ${order.recipientName}`}
          secondaryText={(order) => `${order.customerName} · ${repeats(order)}`}
          tertiaryText={(order) => humanize(order.status)}
          linkType="show"
        />
      ) : (
        <StandingOrderGrid />
      )}
    </List>
  );
}

export function StandingOrderShow() {
  return (
    <Show title="Standing order">
      <FunctionField<StaffStandingOrderDto>
        render={(order) => (
          <DetailSection title={`${formatMoney(order.amount, order.currency)} to ${order.recipientName}`}>
            <Detail label="Customer">
              <TextField source="customerName" />
            </Detail>
            <Detail label="Customer account">
              <TextField source="customerAccountNumber" />
            </Detail>
            <Detail label="Status">
              <StatusField />
            </Detail>
            <Detail label="Pays" wide>
              <FunctionField<StaffStandingOrderDto> render={payee} />
            </Detail>
            <Detail label="Repeats">
              <FunctionField<StaffStandingOrderDto> render={repeats} />
            </Detail>
            <Detail label="First payment">
              <CalendarDateField source="firstOn" />
            </Detail>
            <Detail label="Next payment">
              <CalendarDateField source="nextOn" />
            </Detail>
            <Detail label="Payments made">
              <TextField source="paymentsMade" />
            </Detail>
            <Detail label="Last payment not made" wide>
              <TextField source="lastFailure" emptyText="-" />
            </Detail>
            <Detail label="Set up">
              <LongDateField source="createdAt" />
            </Detail>
            <Detail label="Action">
              <StopStandingOrderButton />
            </Detail>
          </DetailSection>
        )}
      />
    </Show>
  );
}
