import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatCalendarDate, formatLongDate } from './format';

/** A timestamp as 'November 22, 2026 at 3:40 PM' in the viewer's time zone. */
export function LongDateField({ source }: { source: string; label?: string; sortable?: boolean; sortBy?: string }) {
  const record = useRecordContext();
  return record?.[source] ? (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatLongDate(String(record[source]))}
    </Typography>
  ) : null;
}

/**
 * A calendar date ('1985-07-09', e.g. a date of birth) as 'July 9, 1985'. Built from its parts so that no time
 * zone can move it to the day before, as `new Date('1985-07-09')` (UTC midnight) would west of Greenwich.
 */
export function CalendarDateField({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const value = String(record?.[source] ?? '');
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  return (
    <Typography component="span" variant="body2">
      {formatCalendarDate(value)}
    </Typography>
  );
}

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** An ISO country code as its English name ('GB' -> 'United Kingdom'), the code itself when unknown. */
export function countryName(code: string | undefined | null): string {
  if (!code) return '';
  try {
    return REGIONS.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
