import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import { BrandLogo } from './BrandLogo';

/** A page that failed to load after a new release: its code changed on the server; a reload fetches it. */
const isStaleChunk = (error: unknown) => /dynamically imported module|Importing a module script failed|Loading chunk/i.test(String((error as Error)?.message ?? error));

function CrashPage({ error, resetErrorBoundary }: FallbackProps) {
  const stale = isStaleChunk(error);
  return (
    <Box role="alert" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3 }}>
      <BrandLogo />
      <Typography variant="h4" component="h1" fontWeight={800} sx={{ mt: 3 }}>
        {stale ? 'Strongroom has been updated' : 'Something went wrong on this page'}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 480 }}>
        {stale
          ? 'Reload the page to get the latest version. You stay signed in.'
          : 'Nothing has been sent or changed by this error, and your money is safe. Reload the page, or go back home; if it happens again, please contact support.'}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" href="/" onClick={resetErrorBoundary}>
          Home
        </Button>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </Stack>
    </Box>
  );
}

/** Catches what a page throws while rendering, so a customer sees a way on instead of a blank screen. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Moving to another page tries again.
  return (
    <ErrorBoundary FallbackComponent={CrashPage} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
