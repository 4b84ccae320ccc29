import { Box, CircularProgress, Typography } from '@mui/material';

export function FullScreenLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress aria-label={label} />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
