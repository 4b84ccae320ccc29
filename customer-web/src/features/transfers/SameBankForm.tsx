import { useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { SUPPORT, SUPPORT_LARGE_TRANSFER, formatMoney, sameBankTransferSchema } from '@strongroom/shared';
import { ApiError, api, newIdempotencyKey, idempotent } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { FormField, applyServerErrors } from '../../components/FormField';
import { SummaryLines } from './TransferCodeModal';
import { INSUFFICIENT_FUNDS, exceedsBalance, isLarge } from './transfer-checks';
import { PayAgain, useRecentPayees } from './PayAgain';
import { AccountSelect } from '../accounts/AccountSelect';
import { accountIdOf, useAccountChoice } from '../accounts/account-uses';
import { ACCOUNT_PARAM } from '../accounts/AccountsContext';

/** The 'Strongroom account' tab: the recipient looked up by account number, then a PIN in a confirm dialog. */
export function SameBankForm() {
  const navigate = useNavigate();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const { refresh, user } = useAuth();
  const [recipient, setRecipient] = useState<{ name: string; accountNumber: string } | null>(null);
  const [lookupError, setLookupError] = useState('');
  const recentPayees = useRecentPayees();
  // The account paid from: its balance is the one checked, its currency the one the amount is in.
  const from = useAccountChoice('pay');
  const balance = from.account ? { amount: from.account.availableBalance, currency: from.account.currency } : { amount: user?.accountBalance, currency: user?.currency };
  // The toast of the last refused try, closed when the customer tries again (other toasts stay).
  const refusalToast = useRef<SnackbarKey | undefined>(undefined);
  // pinError: the server's refusal of the PIN (wrong, with the tries left, or locked), shown under the field it is about.
  // locked: payments are locked after too many wrong PINs (423); no PIN can be tried until the dialog is opened again.
  const [confirm, setConfirm] = useState<{ values: Record<string, string>; key: string; pinError?: string; locked?: boolean } | null>(null);

  const lookup = async (accountNumber: string) => {
    setRecipient(null);
    setLookupError('');
    if (!/^\d{10}$/.test(accountNumber)) return;
    try {
      const res = await api.GET('/v1/transfer/recipient/{accountNumber}', { params: { path: { accountNumber } } });
      setRecipient(res.recipient);
    } catch (err) {
      setLookupError((err as Error).message);
    }
  };

  return (
    <Formik
      initialValues={{ recipientAccountNumber: '', amount: '', memo: '', pin: '' }}
      validationSchema={sameBankTransferSchema.omit(['pin'])}
      onSubmit={(values, { setFieldError }) => {
        // Said before the PIN is asked; the server still refuses on its own.
        if (exceedsBalance(values.amount, balance.amount, balance.currency)) return setFieldError('amount', INSUFFICIENT_FUNDS);
        setConfirm({ values, key: newIdempotencyKey() });
      }}
    >
      {({ values, setFieldValue, setErrors, setSubmitting }) => (
        <Form noValidate>
          <Stack spacing={2.5}>
            <AccountSelect choice={from} />
            <PayAgain
              options={(recentPayees?.sameBank ?? []).map((payee) => ({
                key: payee.accountNumber,
                name: payee.name,
                accountNumber: payee.accountNumber,
                onPick: () => {
                  void setFieldValue('recipientAccountNumber', payee.accountNumber);
                  // Looked up again: the name shown is today's, and a closed account says so before any PIN.
                  void lookup(payee.accountNumber);
                },
              }))}
            />
            <FormField
              name="recipientAccountNumber"
              label="Recipient account number"
              inputProps={{ inputMode: 'numeric', maxLength: 10 }}
              onChange={(e) => {
                const v = e.target.value.replace(/\D/g, '').slice(0, 10);
                void setFieldValue('recipientAccountNumber', v);
                void lookup(v);
              }}
            />
            {recipient && (
              <Alert severity="success" data-testid="recipient-name">
                Recipient: <strong>{recipient.name}</strong>
              </Alert>
            )}
            {lookupError && <Alert severity="error">{lookupError}</Alert>}
            <FormField name="amount" label="Amount" inputProps={{ inputMode: 'decimal' }} />
            <FormField name="memo" label="Memo (optional)" />
            {isLarge(values.amount) && (
              <Alert severity="info">
                For transfers over {formatMoney(SUPPORT_LARGE_TRANSFER, 'USD')} we recommend calling support at {SUPPORT.phone} first.
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary">
              Free and instant, any time, to any Strongroom account.
            </Typography>
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={!recipient}>
                Continue
              </Button>
            </Box>
          </Stack>
          <Dialog open={!!confirm} onClose={() => setConfirm(null)} fullWidth maxWidth="xs">
            <DialogTitle>Confirm transfer</DialogTitle>
            <DialogContent>
              {confirm && (
                <Stack spacing={2} sx={{ pt: 1 }}>
                  <SummaryLines summary={{ recipientName: recipient?.name ?? '', amount: confirm.values.amount, fee: '0.00', total: confirm.values.amount, currency: balance.currency ?? 'USD' }} />
                  <TextField
                    label="Transaction PIN"
                    type="password"
                    value={confirm.values.pin}
                    onChange={(e) => setConfirm({ ...confirm, pinError: undefined, values: { ...confirm.values, pin: e.target.value.replace(/\D/g, '').slice(0, 4) } })}
                    error={!!confirm.pinError}
                    helperText={confirm.pinError}
                    disabled={confirm.locked}
                    inputProps={{ inputMode: 'numeric', maxLength: 4, 'aria-label': 'Transaction PIN' }}
                    autoFocus
                  />
                </Stack>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirm(null)}>Cancel</Button>
              <Button
                variant="contained"
                disabled={confirm?.locked}
                onClick={async () => {
                  if (!confirm) return;
                  // A refusal of the try before ("Incorrect PIN. 4 tries left.") no longer applies once the customer tries again.
                  if (refusalToast.current !== undefined) closeSnackbar(refusalToast.current);
                  setSubmitting(true);
                  try {
                    const body = {
                      ...accountIdOf(from.account),
                      recipientAccountNumber: confirm.values.recipientAccountNumber,
                      amount: confirm.values.amount,
                      pin: confirm.values.pin,
                      ...(confirm.values.memo ? { memo: confirm.values.memo } : {}),
                    };
                    const res = await api.POST('/v1/transfer/same', { body, headers: idempotent(confirm.key) });
                    enqueueSnackbar(res.message, { variant: 'success' });
                    void refresh();
                    // The list of the account paid from, where the payment now shows.
                    navigate(body.accountId ? `/transactions?${ACCOUNT_PARAM}=${body.accountId}` : '/transactions');
                  } catch (err) {
                    refusalToast.current = enqueueSnackbar((err as Error).message, { variant: 'error' });
                    applyServerErrors(err, setErrors);
                    const pinError = (err as { errors?: Record<string, string> }).errors?.pin ? (err as Error).message : undefined;
                    setConfirm({ ...confirm, key: newIdempotencyKey(), pinError, locked: err instanceof ApiError && err.locked, values: { ...confirm.values, pin: '' } });
                  } finally {
                    setSubmitting(false);
                  }
                }}
              >
                Send money
              </Button>
            </DialogActions>
          </Dialog>
        </Form>
      )}
    </Formik>
  );
}
