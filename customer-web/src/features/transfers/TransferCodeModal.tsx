import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Step, StepLabel, Stepper, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { describeRate, describeRepeat, formatCalendarDate, formatMoney, type TransferSummaryDto } from '@strongroom/shared';
import { ApiError, api, newIdempotencyKey, idempotent } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { PasskeyApproval } from './PasskeyApproval';

export interface TransferData {
  transferId: string;
  kind: 'local' | 'international';
  needsCode: boolean;
  summary: TransferSummaryDto;
}

/** The URL holds the modal's state (modal, codeStep, transferData) so a reload resumes where it was. */
export function readTransferData(raw: string | null): TransferData | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as TransferData;
    if (!parsed || typeof parsed.transferId !== 'string' || !parsed.summary) throw new Error('bad shape');
    return parsed;
  } catch {
    console.error('Failed to parse transfer data from URL');
    return null;
  }
}

/** The lines a transfer's summary shows, as [label, value] pairs: recipient, date, conversion, amount, fee and total. */
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function summaryRows(summary: TransferSummaryDto): [string, string][] {
  return [
    ['Recipient', summary.recipientName],
    ...(summary.executeOn ? ([['Send on', formatCalendarDate(summary.executeOn)]] as [string, string][]) : []),
    ...(summary.repeat ? ([['Repeats', sentenceCase(describeRepeat(summary.repeat.frequency, summary.repeat.untilOn))]] as [string, string][]) : []),
    ...(summary.convertedAmount
      ? ([
          [`They receive`, formatMoney(summary.convertedAmount, summary.paymentCurrency!)],
          ['Rate', describeRate(summary.paymentCurrency!, summary.rate!, summary.currency)],
        ] as [string, string][])
      : []),
    ['Amount', formatMoney(summary.amount, summary.currency)],
    ['Fee', formatMoney(summary.fee, summary.currency)],
    ['Total', formatMoney(summary.total, summary.currency)],
  ];
}

export function SummaryRows({ rows }: { rows: [string, string][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: k === 'Total' ? 800 : 500 }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function SummaryLines({ summary }: { summary: TransferSummaryDto }) {
  return <SummaryRows rows={summaryRows(summary)} />;
}

export function TransferCodeModal() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const open = params.get('modal') === 'transfer';
  const step = params.get('codeStep') ?? 'code';
  const data = useMemo(() => (open ? readTransferData(params.get('transferData')) : null), [open, params]);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Payments locked by too many wrong PINs: no PIN or code is taken until the dialog is opened again.
  const [locked, setLocked] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  // The approving button goes with its step, and focus with it (to the page's body, where Escape closes nothing and a
  // screen reader says nothing): it moves to Done instead, so Escape, Enter and the announcement work at once.
  const doneButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open && step === 'success') doneButton.current?.focus();
  }, [open, step]);

  const close = () => {
    const next = new URLSearchParams(params);
    for (const k of ['modal', 'codeStep', 'transferData', 'approvedWith']) next.delete(k);
    setParams(next, { replace: true });
    setValue('');
    setError('');
    setLocked(false);
  };

  if (!open) return null;
  if (!data) {
    return (
      <Dialog open onClose={close}>
        <DialogTitle>Transfer not found</DialogTitle>
        <DialogContent>
          <Typography>We could not read this transfer's details. Please start it again.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
        </DialogActions>
      </Dialog>
    );
  }

  // A passkey approves in one step, instead of the code and the PIN.
  const steps = params.get('approvedWith') === 'passkey' ? ['Passkey', 'Done'] : data.needsCode ? ['E-mailed code', 'PIN', 'Done'] : ['PIN', 'Done'];
  const activeStep = step === 'success' ? steps.length - 1 : step === 'pin' ? steps.length - 2 : 0;
  const isCode = step === 'code';
  const length = isCode ? 6 : 4;

  const approvedWithPasskey = () => {
    const next = new URLSearchParams(params);
    next.set('codeStep', 'success');
    next.set('approvedWith', 'passkey');
    setParams(next, { replace: true });
    setValue('');
    setError('');
    void refresh();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!new RegExp(`^\\d{${length}}$`).test(value)) {
      setError(isCode ? 'Code must be 6 digits' : 'PIN must be exactly 4 digits');
      return;
    }
    setBusy(true);
    try {
      const res = await api.POST('/v1/transfer/confirm-code', { body: { transferId: data.transferId, ...(isCode ? { code: value } : { pin: value }) }, headers: idempotent(key) });
      const next = new URLSearchParams(params);
      next.set('codeStep', res.nextStep);
      setParams(next, { replace: true });
      setValue('');
      setError('');
      setKey(newIdempotencyKey());
      if (res.nextStep === 'success') void refresh();
    } catch (err) {
      setError((err as Error).message);
      setLocked(err instanceof ApiError && err.locked);
      setValue('');
      setKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={step === 'success' ? close : undefined} fullWidth maxWidth="xs" aria-labelledby="transfer-modal-title">
      <DialogTitle id="transfer-modal-title">{step === 'success' ? 'Transfer submitted' : 'Approve this payment'}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={activeStep} sx={{ mb: 3 }}>
          {steps.map((s) => (
            <Step key={s}>
              <StepLabel>{s}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 'success' ? (
          <Stack spacing={2} alignItems="center">
            <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
            <Typography textAlign="center">
              {data.summary.executeOn
                ? `Your ${data.kind} transfer is scheduled for ${formatCalendarDate(data.summary.executeOn)}. We send it that day if your balance covers it; you can cancel it on this page until then.`
                : `Your ${data.kind} transfer is on its way to our payments team. ${data.kind === 'international' ? 'International transfers take 1-3 business days.' : 'Local transfers arrive the same day during business hours.'}`}
              {data.summary.repeat && ` It repeats ${describeRepeat(data.summary.repeat.frequency, data.summary.repeat.untilOn)}: you can stop the standing order on the Transfers page.`}
            </Typography>
            <Box sx={{ width: '100%' }}>
              <SummaryLines summary={data.summary} />
            </Box>
          </Stack>
        ) : (
          <Box component="form" onSubmit={submit} id="transfer-code-form" noValidate>
            <SummaryLines summary={data.summary} />
            <Alert severity="info" sx={{ my: 2 }}>
              {isCode ? 'We e-mailed you a 6-digit code for this exact amount and recipient. It is free and valid for 5 minutes.' : 'Enter your 4-digit transaction PIN to approve the payment.'}
            </Alert>
            <TextField
              autoFocus
              fullWidth
              label={isCode ? 'One-time code' : 'Transaction PIN'}
              type={isCode ? 'text' : 'password'}
              value={value}
              onChange={(e) => {
                setValue(e.target.value.replace(/\D/g, '').slice(0, length));
                setError('');
              }}
              error={!!error}
              helperText={error || ' '}
              disabled={locked}
              inputProps={{ inputMode: 'numeric', maxLength: length, autoComplete: isCode ? 'one-time-code' : 'off', 'aria-label': isCode ? 'One-time code' : 'Transaction PIN' }}
            />
            <PasskeyApproval transferId={data.transferId} onApproved={approvedWithPasskey} onError={setError} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'success' ? (
          <Button
            variant="contained"
            ref={doneButton}
            onClick={() => {
              close();
              navigate('/transactions');
            }}
          >
            Done
          </Button>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" form="transfer-code-form" variant="contained" disabled={busy || locked}>
              {busy ? 'Confirming...' : 'Confirm'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
