import { useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { Link as RouterLink } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { amountField, formatMoney } from '@strongroom/shared';
import { newIdempotencyKey } from '../../api/client';
import { FormField, applyServerErrors } from '../../components/FormField';
import { quoteOwnTransfer, type AccountDto } from './accounts-api';
import { ROLE_LABELS, shortLabel, useAccounts } from './AccountsContext';
import { DependantNotice } from './AccountDetailsPage';
import { OwnQuotePanel, type OwnMove } from './OwnQuotePanel';

const optionLabel = (a: AccountDto) => `${shortLabel(a)} · ${formatMoney(a.availableBalance, a.currency)}${a.role === 'owner' ? '' : ` · ${ROLE_LABELS[a.role]}`}`;

/** The options as direct children of the select (MUI reads their values from its children). */
function accountOptions(accounts: AccountDto[]) {
  return accounts.map((a) => (
    <MenuItem key={a.id} value={a.id}>
      {optionLabel(a)}
    </MenuItem>
  ));
}

// Every currency an account is opened in has two decimals, so the amount is checked as one of them.
const moveSchema = yup.object({
  fromAccountId: yup.string().required('Choose the account to move money from'),
  toAccountId: yup
    .string()
    .required('Choose the account to move money to')
    .notOneOf([yup.ref('fromAccountId')], 'Choose another account than the one it leaves'),
  amount: amountField('0.01', 'Enter at least 0.01'),
});

/** From, to and amount; "Review" fetches the quote, which then confirms in place (OwnQuotePanel). */
function MoveMoneyForm({ active, initialFrom, onMoved }: { active: AccountDto[]; initialFrom: string; onMoved(move: OwnMove, message: string): void }) {
  const [move, setMove] = useState<OwnMove | null>(null);
  const byId = (id: string) => active.find((a) => a.id === id);
  return (
    <Formik
      enableReinitialize
      initialValues={{ fromAccountId: initialFrom, toAccountId: active.find((a) => a.id !== initialFrom)?.id ?? '', amount: '' }}
      validationSchema={moveSchema}
      onSubmit={async (values, { setErrors, setFieldError }) => {
        const from = byId(values.fromAccountId);
        const to = byId(values.toAccountId);
        if (!from || !to) return;
        try {
          const quote = await quoteOwnTransfer({ fromAccountId: from.id, toAccountId: to.id, amount: String(values.amount) });
          setMove({ from, to, quote, key: newIdempotencyKey() });
        } catch (e) {
          setFieldError('amount', (e as Error).message);
          applyServerErrors(e, setErrors);
        }
      }}
    >
      {({ values, isSubmitting, resetForm, setFieldValue }) => {
        const from = byId(values.fromAccountId);
        return (
          <Form noValidate>
            <Stack spacing={2.5}>
              {from?.role === 'dependant' && <DependantNotice account={from} />}
              <FormField
                select
                name="fromAccountId"
                label="From"
                disabled={!!move}
                onChange={(e) => {
                  const id = e.target.value;
                  void setFieldValue('fromAccountId', id);
                  // The two never name the same account: "To" moves to another one when "From" takes its place.
                  if (values.toAccountId === id) void setFieldValue('toAccountId', active.find((a) => a.id !== id)?.id ?? '');
                }}
              >
                {accountOptions(active)}
              </FormField>
              <FormField select name="toAccountId" label="To" disabled={!!move}>
                {accountOptions(active.filter((a) => a.id !== values.fromAccountId))}
              </FormField>
              <FormField name="amount" label={`Amount${from ? ` (${from.currency})` : ''}`} inputProps={{ inputMode: 'decimal' }} disabled={!!move} />
              {move ? (
                <OwnQuotePanel
                  move={move}
                  onCancel={() => setMove(null)}
                  onDone={(message) => {
                    setMove(null);
                    resetForm();
                    onMoved(move, message);
                  }}
                />
              ) : (
                <Box>
                  <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                    {isSubmitting ? 'Getting the rate...' : 'Review'}
                  </Button>
                </Box>
              )}
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}

const doneText = ({ quote, from, to }: OwnMove) =>
  `Moved ${formatMoney(quote.amount, quote.currency)} from ${shortLabel(from)} to ${shortLabel(to)}: ${formatMoney(quote.creditAmount, quote.creditCurrency)} credited.`;

/** "Move money" between the customer's own accounts: from, to and amount; the quote first, then confirm. */
export default function MoveMoneyPage() {
  const { enqueueSnackbar } = useSnackbar();
  const { accounts, selected, reload, linkTo } = useAccounts();
  const [done, setDone] = useState('');
  // A term deposit takes no moves: its money moves on the Term deposits page.
  const active = useMemo(() => accounts.filter((a) => a.status === 'active' && a.product !== 'fixed_deposit'), [accounts]);
  const initialFrom = selected && selected.status === 'active' ? selected.id : (active[0]?.id ?? '');
  const title = (
    <Typography variant="h4" component="h1" fontWeight={800}>
      Move money
    </Typography>
  );
  if (accounts.length > 0 && active.length < 2) {
    return (
      <Stack spacing={3}>
        {title}
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={linkTo('/accounts')}>
              Open an account
            </Button>
          }
        >
          Moving money needs two open accounts. Open another account, in any currency, to move money between them.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      {title}
      <Typography color="text.secondary">Between your own accounts: free and instant. Between currencies at the rate shown before you confirm.</Typography>
      {done && (
        <Alert severity="success" data-testid="move-done" onClose={() => setDone('')}>
          {done}
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 4 } }}>
          <MoveMoneyForm
            active={active}
            initialFrom={initialFrom}
            onMoved={(move, message) => {
              enqueueSnackbar(message, { variant: 'success' });
              setDone(doneText(move));
              reload();
            }}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
