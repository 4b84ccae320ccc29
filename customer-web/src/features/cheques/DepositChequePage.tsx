import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { CHEQUE_KEEP_DAYS } from '@strongroom/shared';
import { useApi } from '../../api/useApi';
import { useAuth } from '../../auth/AuthContext';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { ChequeDepositForm } from './ChequeDepositForm';
import { ChequeDepositList } from './ChequeDepositList';

/** /deposit-cheque: photograph a cheque, type its details, and follow earlier deposits. */
export default function DepositChequePage() {
  const { user } = useAuth();
  const { data, loading, error, reload } = useApi(user ? '/v1/cheque/user/{userId}' : null, { params: { path: { userId: user?.id ?? '' }, query: { pageSize: 50 } } });
  if (!user) return <FullScreenLoader />;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        Deposit Cheque
      </Typography>
      <Card>
        <CardContent>
          <Stack spacing={2.5}>
            <Typography color="text.secondary">Photograph both sides of the cheque on a dark, flat surface, with all four corners in view. Sign the back first.</Typography>
            <ChequeDepositForm currency={user.currency} onDeposited={reload} />
            <Alert severity="info" data-testid="keep-cheque-notice">
              Keep the paper cheque somewhere safe for at least {CHEQUE_KEEP_DAYS} days after you deposit it. Do not deposit it anywhere else; once the money is in your account and {CHEQUE_KEEP_DAYS}{' '}
              days have passed, destroy it.
            </Alert>
          </Stack>
        </CardContent>
      </Card>
      <Stack spacing={1.5} component="section" aria-labelledby="cheque-deposits-heading">
        <Typography id="cheque-deposits-heading" variant="h5" component="h2" fontWeight={700}>
          Your deposits
        </Typography>
        <ChequeDepositList items={data?.items} loading={loading} error={error} />
      </Stack>
    </Stack>
  );
}
