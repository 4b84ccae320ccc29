import type { ReactNode } from 'react';
import { Avatar, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import ShieldIcon from '@mui/icons-material/Shield';

/** The card on the bank's blue that staff sign in on and set their password on: the console's one signed-out look. */
export function StaffAuthFrame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, background: 'linear-gradient(135deg, #0b3d91, #072a66)' }}>
      <Card component="main" sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: '#0b3d91', mx: 'auto', mb: 1.5 }}>
              <ShieldIcon />
            </Avatar>
            <Typography component="h1" variant="h5" fontWeight={800}>
              Strongroom back office
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The frame's one submit button: a spinner and `busyLabel` while the request runs, and no second click meanwhile. */
export function StaffSubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      fullWidth
      size="large"
      disabled={busy}
      sx={{ mt: 2 }}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label={busyLabel} /> : undefined}
    >
      {busy ? `${busyLabel}...` : label}
    </Button>
  );
}
