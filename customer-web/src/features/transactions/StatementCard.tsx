import { useMemo, useState } from 'react';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { ValidationError } from 'yup';
import { statementQuerySchema, todayIsoDate, validationErrors } from '@strongroom/shared';
import { api, ApiError, GENERIC_ERROR } from '../../api/client';
import { customerTimeZone } from '../../api/time-zone';
import { AccountSelect } from '../accounts/AccountSelect';
import { accountIdOf, useAccountChoice } from '../accounts/account-uses';

/** The same day a month back (the last day of that month where it is shorter): a period never empty on the 1st. */
function aMonthAgo(today: Date): Date {
  const lastDayOfLastMonth = new Date(today.getFullYear(), today.getMonth(), 0).getDate();
  return new Date(today.getFullYear(), today.getMonth() - 1, Math.min(today.getDate(), lastDayOfLastMonth));
}

/** Field -> message for the chosen dates, by the same rules the server applies. */
function datesErrors(from: string, to: string): Record<string, string> {
  try {
    statementQuerySchema.validateSync({ from, to, format: 'csv' }, { abortEarly: false, strict: true });
    return {};
  } catch (err) {
    return err instanceof ValidationError ? validationErrors(err) : {};
  }
}

/** Hands a file to the browser's downloads, as a link to it would have. */
function save({ blob, fileName }: { blob: Blob; fileName: string }) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over by the next task; the object URL would otherwise hold it until the page goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The statement download, for the last month unless other dates are chosen. Dates the server would refuse (From
 * after To, a blank day) are told under the field, and a refusal of the download itself (too many in a minute, the
 * bank busy) under the buttons: the app never gives way to an error answer.
 */
export function StatementCard() {
  const [from, setFrom] = useState(() => todayIsoDate(aMonthAgo(new Date())));
  const [to, setTo] = useState(() => todayIsoDate());
  const [preparing, setPreparing] = useState<'csv' | 'pdf' | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  // The account the list above shows, unless another is chosen here.
  const of = useAccountChoice('view');
  const errors = useMemo(() => datesErrors(from, to), [from, to]);
  const valid = Object.keys(errors).length === 0;

  const downloadAs = async (format: 'csv' | 'pdf') => {
    setPreparing(format);
    setRefusal(undefined);
    try {
      save(await api.download('/v1/transaction/statement', { params: { query: { from, to, format, timeZone: customerTimeZone(), ...accountIdOf(of.account) } } }));
    } catch (err) {
      setRefusal(err instanceof ApiError ? err.message : GENERIC_ERROR);
    } finally {
      setPreparing(undefined);
    }
  };
  const button = (format: 'csv' | 'pdf') => (
    <Button startIcon={<DownloadIcon />} variant="outlined" disabled={!valid || preparing !== undefined} onClick={() => void downloadAs(format)}>
      {preparing === format ? 'Preparing…' : format.toUpperCase()}
    </Button>
  );
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" fontWeight={700} gutterBottom>
          Download a statement
        </Typography>
        <Stack sx={{ mb: 2, maxWidth: 480, '&:empty': { display: 'none' } }}>
          <AccountSelect choice={of} label="Statement of account" />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
          <TextField type="date" label="From" value={from} onChange={(e) => setFrom(e.target.value)} InputLabelProps={{ shrink: true }} error={!!errors.from} helperText={errors.from} />
          <TextField type="date" label="To" value={to} onChange={(e) => setTo(e.target.value)} InputLabelProps={{ shrink: true }} error={!!errors.to} helperText={errors.to} />
          <Stack direction="row" spacing={2} sx={{ pt: { sm: 1 } }}>
            {button('csv')}
            {button('pdf')}
          </Stack>
        </Stack>
        {refusal && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
