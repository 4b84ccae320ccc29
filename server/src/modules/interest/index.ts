// Interest on deposits and the bank's end of day (docs/decisions/0063-interest.md): each business date's run accrues
// every interest-bearing account, pays interest when a month ends and pays out matured term deposits.
export { END_OF_DAY_CHUNK, isMonthEnd, runBusinessDate, type BusinessDateInput, type BusinessDateOutcome } from './end-of-day.service';
export { findRun, type EndOfDayRunRow } from './end-of-day.queries';
