import type { ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { TOAST } from '@strongroom/shared';

/**
 * Toasts at the top on a wide screen; at the bottom on a phone, where the top holds the page's heading and the
 * enrolment stepper that a toast would otherwise cover.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <SnackbarProvider maxSnack={TOAST.maxSnack} autoHideDuration={TOAST.autoHideDurationMs} anchorOrigin={{ vertical: phone ? 'bottom' : 'top', horizontal: 'center' }} dense={phone}>
      {children}
    </SnackbarProvider>
  );
}
