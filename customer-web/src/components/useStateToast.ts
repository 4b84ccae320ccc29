import { useSnackbar, type SnackbarKey } from 'notistack';

/** The toast showing for each state key: the components that freeze and unfreeze are not the same one. */
const showing = new Map<string, SnackbarKey>();

/**
 * A success toast that says what state something is now in (frozen, unfrozen). Toasts stay 4 s: without this, undoing
 * at once left both states on screen side by side ('Card frozen' beside 'Card unfrozen'). A toast for `key` closes the
 * one before it. Each toast has a key of its own: given the old one's, notistack removed the new toast with the old.
 */
export function useStateToast(key: string) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return (message: string) => {
    const before = showing.get(key);
    if (before !== undefined) closeSnackbar(before);
    showing.set(key, enqueueSnackbar(message, { variant: 'success' }));
  };
}
