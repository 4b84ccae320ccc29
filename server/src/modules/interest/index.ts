// Interest on deposits and the bank's end of day (docs/decisions/0063-interest.md): each business date's run accrues
// every interest-bearing account, pays interest when a month ends and pays out matured term deposits; the job runs
// the dates that have ended (docs/operations/end-of-day.md), and staff follow the runs in the console.
export { END_OF_DAY_CHUNK, isMonthEnd, runBusinessDate, type BusinessDateInput, type BusinessDateOutcome, type MatureDeposit } from './end-of-day.service';
export { findRun, type EndOfDayRunRow } from './end-of-day.queries';
export { runDueBusinessDates, type CatchUpOutcome } from './end-of-day.catch-up';
export { defineEndOfDayJobs, END_OF_DAY_TASK, runEndOfDay, type EndOfDayOptions } from './end-of-day.jobs';
export { default as endOfDayAdminRoutes } from './end-of-day.admin.routes';
export { payInterestOnClosing } from './interest-closing';
