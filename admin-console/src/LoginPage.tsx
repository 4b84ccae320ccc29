import { Box, Typography } from '@mui/material';
import ShieldIcon from '@mui/icons-material/Shield';
import { Login, LoginForm } from 'react-admin';

export function LoginPage() {
  return (
    <Login sx={{ background: 'linear-gradient(135deg, #0b3d91, #072a66)' }} avatarIcon={<ShieldIcon />}>
      <Box sx={{ textAlign: 'center', px: 2 }}>
        <Typography variant="h6" fontWeight={800}>
          Strongroom back office
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Staff sign-in. Every action is recorded in the audit log.
        </Typography>
      </Box>
      <LoginForm />
    </Login>
  );
}
