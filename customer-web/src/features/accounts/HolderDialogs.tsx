import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { INVITABLE_HOLDER_ROLES, dailyLimitField, holderLimitSchema, type InvitableHolderRole } from '@strongroom/shared';
import { FormField, SelectField, applyServerErrors } from '../../components/FormField';
import { inviteHolder, removeHolder, setHolderLimit, type HolderDto } from './accounts-api';
import { ROLE_LABELS } from './AccountsContext';

const ROLE_HINTS: Record<InvitableHolderRole, string> = {
  joint: 'Acts as you do: pays, receives and manages the account.',
  dependant: 'Sees the account and pays from it up to a daily limit you set.',
};

// The shared holderInvitationSchema, less its refusal of an empty limit for a joint holder: the form keeps the limit
// field's value when the role changes, and sends it only for a family member.
const inviteSchema = yup.object({
  accountNumber: yup
    .string()
    .required('Enter the account number of the person you are inviting')
    .matches(/^\d{10}$/, 'Account number must be 10 digits'),
  role: yup.string().oneOf(INVITABLE_HOLDER_ROLES).required(),
  dailyLimit: yup.mixed().when('role', { is: 'dependant', then: () => dailyLimitField(), otherwise: (s) => s.strip() }),
});

/** Invites a Strongroom customer, by their account number, to hold this account jointly or as a family member. */
export function InviteHolderDialog({ open, accountId, currency, onClose, onInvited }: { open: boolean; accountId: string; currency: string; onClose(): void; onInvited(message: string): void }) {
  const [error, setError] = useState('');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="invite-title">
      <DialogTitle id="invite-title">Invite someone to this account</DialogTitle>
      <Formik
        initialValues={{ accountNumber: '', role: 'dependant' as string, dailyLimit: '' }}
        validationSchema={inviteSchema}
        onSubmit={async (values, { setErrors }) => {
          setError('');
          try {
            const role = values.role as InvitableHolderRole;
            const message = await inviteHolder(accountId, { accountNumber: values.accountNumber, role, ...(role === 'dependant' ? { dailyLimit: values.dailyLimit } : {}) });
            onInvited(message);
          } catch (e) {
            setError((e as Error).message);
            applyServerErrors(e, setErrors);
          }
        }}
      >
        {({ values, isSubmitting, setFieldValue }) => (
          <Form noValidate>
            <DialogContent>
              <Stack spacing={2.5} sx={{ pt: 1 }}>
                <FormField
                  name="accountNumber"
                  label="Their account number"
                  inputProps={{ inputMode: 'numeric', maxLength: 10 }}
                  onChange={(e) => void setFieldValue('accountNumber', e.target.value.replace(/\D/g, '').slice(0, 10))}
                  helperText="They accept the invitation on their Accounts page."
                />
                <SelectField
                  name="role"
                  label="Role"
                  options={INVITABLE_HOLDER_ROLES}
                  labelOf={(r) => ROLE_LABELS[r as InvitableHolderRole]}
                  helperText={ROLE_HINTS[values.role as InvitableHolderRole]}
                />
                {values.role === 'dependant' && <FormField name="dailyLimit" label={`Daily limit (${currency})`} inputProps={{ inputMode: 'decimal' }} />}
                {error && <Alert severity="error">{error}</Alert>}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Sending...' : 'Send invitation'}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

/** Changes a family member's daily limit; it applies from their next payment. */
export function LimitDialog({ accountId, holder, currency, onClose, onSaved }: { accountId: string; holder: HolderDto | null; currency: string; onClose(): void; onSaved(): void }) {
  const [error, setError] = useState('');
  return (
    <Dialog open={!!holder} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="limit-title">
      <DialogTitle id="limit-title">Daily limit for {holder?.name}</DialogTitle>
      {holder && (
        <Formik
          initialValues={{ dailyLimit: holder.dailyLimit ?? '' }}
          validationSchema={holderLimitSchema}
          onSubmit={async (values, { setErrors }) => {
            setError('');
            try {
              await setHolderLimit(accountId, holder.id!, String(values.dailyLimit));
              onSaved();
            } catch (e) {
              setError((e as Error).message);
              applyServerErrors(e, setErrors);
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <DialogContent>
                <Stack spacing={2} sx={{ pt: 1 }}>
                  <FormField name="dailyLimit" label={`Daily limit (${currency})`} inputProps={{ inputMode: 'decimal' }} autoFocus />
                  {error && <Alert severity="error">{error}</Alert>}
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}>Cancel</Button>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? 'Saving...' : 'Save limit'}
                </Button>
              </DialogActions>
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}

/** Removes a holder once asked: they no longer see the account or pay from it. */
export function RemoveHolderDialog({ accountId, holder, onClose, onRemoved }: { accountId: string; holder: HolderDto | null; onClose(): void; onRemoved(): void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!holder?.id) return;
    setBusy(true);
    try {
      await removeHolder(accountId, holder.id);
      enqueueSnackbar(`${holder.name} no longer holds this account`, { variant: 'success' });
      onRemoved();
    } catch (e) {
      enqueueSnackbar((e as Error).message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={!!holder} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Remove {holder?.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>They will no longer see this account or pay from it. Payments they already made stay.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void remove()}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
