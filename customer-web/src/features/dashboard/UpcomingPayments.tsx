import { Button, Card, CardContent, CardHeader, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { describeRepeat, formatCalendarDate, formatMoney, type ScheduledTransferDto, type StandingOrderDto } from '@strongroom/shared';
import { useApi } from '../../api/useApi';

/** How many payments the card lists; the rest are on the Transfers page. */
const SHOWN = 4;

interface Upcoming {
  key: string;
  /** 'YYYY-MM-DD': sorts as text. */
  on: string;
  title: string;
  details: string;
}

/** A scheduled transfer still waiting and each active standing order's next payment, soonest first. */
export function upcomingPayments(scheduled: ScheduledTransferDto[], orders: StandingOrderDto[]): Upcoming[] {
  const waiting = scheduled
    .filter((item) => item.status === 'scheduled')
    .map((item) => ({ key: `transfer-${item.id}`, on: item.executeOn, title: `${formatMoney(item.amount, item.currency)} to ${item.recipientName}`, details: 'Once' }));
  const repeating = orders
    .filter((order): order is StandingOrderDto & { nextOn: string } => order.status === 'active' && !!order.nextOn)
    .map((order) => ({
      key: `order-${order.id}`,
      on: order.nextOn,
      title: `${formatMoney(order.amount, order.currency)} to ${order.recipientName}`,
      details: `Standing order, ${describeRepeat(order.frequency, order.untilOn)}`,
    }));
  return [...waiting, ...repeating].sort((first, second) => first.on.localeCompare(second.on) || first.key.localeCompare(second.key));
}

/**
 * What will leave the account on its own (docs/decisions/0048, 0053), so a customer looking at their balance also sees
 * what is already promised from it. Shown only when something is.
 */
export function UpcomingPayments() {
  const scheduled = useApi('/v1/transfer/scheduled');
  const orders = useApi('/v1/standing-orders');
  const upcoming = upcomingPayments(scheduled.data?.items ?? [], orders.data?.items ?? []);
  if (upcoming.length === 0) return null;
  const shown = upcoming.slice(0, SHOWN);
  const more = upcoming.length - shown.length;

  return (
    <Card component="section" aria-labelledby="upcoming-title" data-testid="upcoming-payments">
      <CardHeader
        title="Coming up"
        titleTypographyProps={{ id: 'upcoming-title', variant: 'h6', component: 'h2', fontWeight: 700 }}
        subheader="Payments that will leave your account on their dates"
        action={
          <Button component={RouterLink} to="/transfers">
            Manage
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <List disablePadding>
          {shown.map((payment, index) => (
            <ListItem key={payment.key} disableGutters divider={index < shown.length - 1}>
              <ListItemText primary={payment.title} secondary={payment.details} primaryTypographyProps={{ fontWeight: 600 }} />
              <Typography variant="body2" fontWeight={600} sx={{ whiteSpace: 'nowrap', ml: 2 }}>
                {formatCalendarDate(payment.on)}
              </Typography>
            </ListItem>
          ))}
        </List>
        {more > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            and {more} more on the Transfers page
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
