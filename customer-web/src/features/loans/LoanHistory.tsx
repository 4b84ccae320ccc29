import { Alert, Box, Button, Card, CardContent, CircularProgress, Grid, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useApi } from '../../api/useApi';
import { LoanCard } from './LoanCard';

const TIPS = ['Monitor your application status', 'Respond to requests promptly', 'Keep your contact info updated', 'Review loan terms carefully'];
const PROCESS = [
  ['Application review', '1-2 business days'],
  ['Document verification', '1-3 business days'],
  ['Final approval', '24-48 hours'],
  ['Disbursement', '1-2 business days'],
] as const;

function ApplicationTips() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" fontWeight={700} gutterBottom>
          Application Tips
        </Typography>
        <List dense disablePadding>
          {TIPS.map((tip) => (
            <ListItem key={tip} disableGutters>
              <ListItemText primary={`• ${tip}`} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

function ProcessText() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" fontWeight={700} gutterBottom>
          What happens next
        </Typography>
        {PROCESS.map(([step, time]) => (
          <Typography key={step} variant="body2" sx={{ py: 0.5 }}>
            <strong>{step}:</strong> {time}
          </Typography>
        ))}
      </CardContent>
    </Card>
  );
}

function EmptyState({ onApply }: { onApply: () => void }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h6" component="h2" fontWeight={700}>
          No Loan Applications
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          You haven't applied for any loans yet.
        </Typography>
        <Button variant="contained" onClick={onApply}>
          Apply for Your First Loan
        </Button>
      </CardContent>
    </Card>
  );
}

/** The customer's applications, newest first, beside the tips and the process. */
export function LoanHistory({ userId, onApply }: { userId: string; onApply: () => void }) {
  const { data, error, loading, reload } = useApi('/v1/loan/user/{userId}', { params: { path: { userId } } });
  const loans = data?.loans ?? [];
  let body: React.ReactNode;
  if (loading && !data)
    body = (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading your loans" />
      </Box>
    );
  else if (error)
    body = (
      <Alert severity="error" action={<Button onClick={reload}>Retry</Button>}>
        {error.message}
      </Alert>
    );
  else if (!data || loans.length === 0) body = <EmptyState onApply={onApply} />;
  else
    body = (
      <Stack spacing={2}>
        {loans.map((loan) => (
          <LoanCard key={loan.id} loan={loan} onChanged={reload} />
        ))}
      </Stack>
    );
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>{body}</Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Stack spacing={2}>
          <ApplicationTips />
          <ProcessText />
        </Stack>
      </Grid>
    </Grid>
  );
}
