import { useMemo, useState } from 'react';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { ValidationError } from 'yup';
import { statementQuerySchema, validationErrors, apiUrl } from '@strongroom/shared';

const firstOfMonth = () => new Date(new Date().getFullYear(), new Date().getMonth(), 1).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

/** Field -> message for the chosen dates, by the same rules the server applies. */
function datesErrors(from: string, to: string): Record<string, string> {
  try {
    statementQuerySchema.validateSync({ from, to, format: 'csv' }, { abortEarly: false, strict: true });
    return {};
  } catch (err) {
    return err instanceof ValidationError ? validationErrors(err) : {};
  }
}

/**
 * The statement download. Dates that the server would refuse (From after To, a blank day) are told under the field
 * and the download does not start, so the browser never leaves the app for an error answer.
 */
export function StatementCard() {
  const [from, setFrom] = useState(firstOfMonth());
  const [to, setTo] = useState(today());
  const errors = useMemo(() => datesErrors(from, to), [from, to]);
  const valid = Object.keys(errors).length === 0;
  const link = (format: 'csv' | 'pdf') => (valid ? { href: apiUrl(`/v1/transaction/statement?${new URLSearchParams({ from, to, format })}`) } : { disabled: true });
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" fontWeight={700} gutterBottom>
          Download a statement
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
          <TextField type="date" label="From" value={from} onChange={(e) => setFrom(e.target.value)} InputLabelProps={{ shrink: true }} error={!!errors.from} helperText={errors.from} />
          <TextField type="date" label="To" value={to} onChange={(e) => setTo(e.target.value)} InputLabelProps={{ shrink: true }} error={!!errors.to} helperText={errors.to} />
          <Stack direction="row" spacing={2} sx={{ pt: { sm: 1 } }}>
            <Button startIcon={<DownloadIcon />} variant="outlined" {...link('csv')}>
              CSV
            </Button>
            <Button startIcon={<DownloadIcon />} variant="outlined" {...link('pdf')}>
              PDF
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
