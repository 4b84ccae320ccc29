import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../providers/http';

/**
 * A staff action's call (freeze a card, unfreeze a customer, stop a standing order): busy while it runs, the server's
 * message (or `fallbackMessage`) or its refusal as a notification, and the page read again either way, since a refusal
 * often means the record changed meanwhile. Answers the server's answer, or undefined when it refused.
 */
export function useStaffAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async <T extends { message?: string }>(call: () => Promise<T>, fallbackMessage: string): Promise<T | undefined> => {
    setBusy(true);
    try {
      const answer = await call();
      notify(answer.message ?? fallbackMessage, { type: 'success' });
      return answer;
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
      return undefined;
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return { busy, run };
}
