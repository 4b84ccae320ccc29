import { styled, useMediaQuery, type Theme } from '@mui/material';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { Outlet } from 'react-router-dom';
import { TOAST } from '@strongroom/shared';

// White text on each toast colour at 4.5:1 or more (notistack's own success green #43a047 gives 3.3:1).
const ReadableToast = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0277bd' },
}));
const TOAST_COMPONENTS = { success: ReadableToast, error: ReadableToast, warning: ReadableToast, info: ReadableToast };

/**
 * The toasts (notistack's `useSnackbar`) for every page under this route layout (App.tsx: all but the landing page,
 * which loads without the toast library). Loaded lazily with the first such page; it stays mounted while the visitor
 * moves between them. At the top on a wide screen; at the bottom on a phone, where the top holds the page's heading
 * and the enrolment stepper that a toast would otherwise cover.
 */
export default function ToastLayout() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <SnackbarProvider
      maxSnack={TOAST.maxSnack}
      autoHideDuration={TOAST.autoHideDurationMs}
      anchorOrigin={{ vertical: phone ? 'bottom' : 'top', horizontal: 'center' }}
      dense={phone}
      Components={TOAST_COMPONENTS}
    >
      <Outlet />
    </SnackbarProvider>
  );
}
