import { Card, CardContent, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { formatMoney } from '@strongroom/shared';
import { useApi } from '../../api/useApi';
import { useAuth } from '../../auth/AuthContext';

export default function FeesPage() {
  const { user } = useAuth();
  const { data, error } = useApi('/v1/fees');
  const currency = user?.currency ?? 'USD';
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={800}>
        Fees
      </Typography>
      <Typography color="text.secondary">Every fee is computed by the bank and shown to you before you confirm a payment. Amounts are in your account currency.</Typography>
      <Card>
        <CardContent>
          {error && <Typography color="error">{error.message}</Typography>}
          {!data && !error && <Skeleton variant="rounded" height={200} />}
          {data && (
            <List>
              {data.schedule.map((line) => (
                <ListItem
                  key={line.id}
                  divider
                  secondaryAction={
                    <Typography fontWeight={800}>{line.percent ? `${formatMoney(line.fee, currency)} or ${line.percent}%` : line.fee === '0.00' ? 'Free' : formatMoney(line.fee, currency)}</Typography>
                  }
                >
                  <ListItemText primary={line.name} secondary={line.description} sx={{ pr: 16 }} />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
