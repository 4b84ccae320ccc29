import { useSnackbar } from 'notistack';

/**
 * A success toast that says what state something is now in (frozen, unfrozen). Toasts stay 4 s: without a shared key,
 * undoing at once left both states on screen side by side ('Card frozen' beside 'Card unfrozen'). Toasts with the same
 * `key` replace each other, so only the latest state shows.
 */
export function useStateToast(key: string) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return (message: string) => {
    closeSnackbar(key);
    enqueueSnackbar(message, { variant: 'success', key });
  };
}
