import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { formatMoney, type LoanDto, type LoanInstalmentDto } from '@strongroom/shared';
import { ApiError, api, newIdempotencyKey, idempotent } from '../../api/client';
import { PinDialog } from '../../components/PinDialog';

/** Pays the next unpaid instalment now, approved with the transaction PIN; one Idempotency-Key per opening, and a new one after each refusal. */
export function PayNextDialog({ loan, instalment, onClose, onPaid }: { loan: LoanDto; instalment: LoanInstalmentDto; onClose: () => void; onPaid: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Payments locked by too many wrong PINs: no PIN is taken in this opening of the dialog.
  const [locked, setLocked] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);

  const pay = async (pin: string) => {
    setBusy(true);
    setError('');
    try {
      const res = await api.POST('/v1/loan/{id}/pay-next', { params: { path: { id: loan.id } }, body: { pin }, headers: idempotent(key) });
      enqueueSnackbar(res.message, { variant: 'success' });
      onPaid();
    } catch (err) {
      // The whole refusal: a wrong PIN's says how many tries are left, which its field error does not.
      setError((err as Error).message);
      setLocked(err instanceof ApiError && err.locked);
      // The server keeps a refusal as the key's answer: the next try (another PIN) is a new request. A try that got no
      // answer keeps its key, so sending it again cannot pay twice.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };

  return (
    <PinDialog
      open
      title="Pay next instalment"
      description={
        <>
          Instalment {instalment.number} of {loan.termLength}, due {instalment.dueDate}: <strong>{formatMoney(instalment.amount, loan.currency)}</strong> from your account now.
        </>
      }
      confirmLabel="Pay now"
      busy={busy}
      busyLabel="Paying..."
      error={error}
      locked={locked}
      onCancel={onClose}
      onConfirm={pay}
    />
  );
}
