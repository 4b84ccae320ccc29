import type { ReactNode } from 'react';

/**
 * Kept so main.tsx's tree stays as it is: it no longer provides the toasts. They come from ToastLayout, a route
 * layout in App.tsx around every page but the landing page, so that a first visit to `/` does not download the
 * toast library (notistack, ~8 KB gzip); the landing page answers in the page itself. main.tsx may drop this
 * wrapper the next time it is edited.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
