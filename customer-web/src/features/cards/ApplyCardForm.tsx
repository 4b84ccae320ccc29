import { Alert, Box, Button, Grid, MenuItem, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { CARD_MIN_CREDIT_LIMIT, CARD_REWARDS_TEXT, CARD_TYPES, cardApplicationSchema, formatMoney, type UserDto } from '@strongroom/shared';
import { api, type RequestBody } from '../../api/client';
import { FormField, applyServerErrors } from '../../components/FormField';
import { AgreeToTermsCheckbox, ApplicantFields, applicantInitialValues } from '../../components/ApplicantFields';
import { AccountSelect } from '../accounts/AccountSelect';
import { useAccounts } from '../accounts/AccountsContext';
import { accountIdOf, useAccountChoice } from '../accounts/account-uses';

const NETWORK_NAMES: Record<(typeof CARD_TYPES)[number], string> = { visa: 'Visa', mastercard: 'Mastercard', american_express: 'American Express', discover: 'Discover' };

/**
 * The application (docs/decisions/0012-issued-cards.md): personal details and a credit limit. The bank issues the number, expiry and
 * CVV when staff approve it; nothing here asks for them.
 */
export function ApplyCardForm({ user }: { user: UserDto }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { linkTo } = useAccounts();
  // Cards are taken on an account its owner or a joint holder holds, never a family member's.
  const on = useAccountChoice('borrow');
  // The limit is in the card account's currency, so the hint says so.
  const currency = on.account?.currency ?? user.currency;
  const step = formatMoney(CARD_MIN_CREDIT_LIMIT, currency).replace(/\.00$/, '');
  const initial = {
    cardType: '',
    ...applicantInitialValues(user),
    creditLimit: CARD_MIN_CREDIT_LIMIT.replace(/\.00$/, ''),
    agreeToTerms: false,
  };
  return (
    <Formik
      initialValues={initial}
      validationSchema={cardApplicationSchema}
      onSubmit={async (values, { setErrors, setTouched }) => {
        try {
          const res = await api.POST('/v1/card', { body: { ...values, ...accountIdOf(on.account) } as RequestBody<'/v1/card', 'post'> });
          enqueueSnackbar(res.message, { variant: 'success' });
          navigate(linkTo('/cards'));
        } catch (err) {
          applyServerErrors(err, setErrors, setTouched as never);
          enqueueSnackbar((err as Error).message, { variant: 'error' });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Card application">
          <Stack spacing={3}>
            <Alert severity="info">Apply in two minutes. We issue your card number, expiry date and security code once we approve your application; every card earns {CARD_REWARDS_TEXT}.</Alert>
            <AccountSelect choice={on} label="Card account" />
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField select name="cardType" label="Card type">
                  {CARD_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      {NETWORK_NAMES[t]}
                    </MenuItem>
                  ))}
                </FormField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="creditLimit" label="Credit limit" inputProps={{ inputMode: 'numeric', step: 500, min: 500 }} helperText={`From ${step}, in steps of ${step}`} />
              </Grid>
              <ApplicantFields />
            </Grid>
            <AgreeToTermsCheckbox label="I agree to the card terms and conditions and to a credit check" />
            <Typography variant="body2" color="text.secondary">
              Rewards: {CARD_REWARDS_TEXT} on every purchase.
            </Typography>
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                {isSubmitting ? 'Submitting...' : 'Apply for card'}
              </Button>
            </Box>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
