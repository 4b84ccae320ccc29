import { Box, Button, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { SESSION_IDLE_MINUTES } from '@strongroom/shared';
import { AuthLayout } from '../../components/public/AuthLayout';

const TERMS: [string, string][] = [
  ['1. Your account', 'Strongroom opens an account in your name once we have verified your identity and address. You must be at least 18 and give true, complete information.'],
  ['2. Keeping your access safe', 'Keep your password and your 4-digit transaction PIN secret. We will never ask for them by phone, e-mail or chat, and we never charge for a security code.'],
  ['3. Sessions', `For your protection you are signed out and asked to log in again after ${SESSION_IDLE_MINUTES} minutes of inactivity, and at the latest 12 hours after you signed in.`],
  ['4. Payments', 'Before you confirm a payment we show its fee, any currency conversion rate and the total. Payments to other banks are approved with a one-time code we e-mail you and your PIN.'],
  ['5. Fees', 'Transfers between Strongroom accounts are free. Other fees are listed on the Fees page of the app and are always shown before you pay them.'],
  ['6. Your data', 'We keep your identity documents and personal data encrypted or outside any public location, use them only to run your account and meet our legal duties, and never sell them.'],
  ['7. Closing your account', 'You may close your account at any time by contacting support; any balance is paid out to you.'],
];

export default function TermsPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Terms of Service" description="Please read these terms before opening your account.">
      <Box sx={{ maxHeight: 360, overflowY: 'auto', pr: 1, border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }} tabIndex={0} aria-label="Terms of Service text">
        {TERMS.map(([title, text]) => (
          <Box key={title} sx={{ mb: 2 }}>
            <Typography fontWeight={700}>{title}</Typography>
            <Typography color="text.secondary">{text}</Typography>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={2} justifyContent="flex-end" sx={{ mt: 3 }}>
        <Button variant="outlined" onClick={() => navigate('/')}>
          I decline
        </Button>
        <Button variant="contained" onClick={() => navigate('/auth/register')}>
          I accept
        </Button>
      </Stack>
    </AuthLayout>
  );
}
