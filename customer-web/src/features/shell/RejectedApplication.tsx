import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PhoneIcon from '@mui/icons-material/Phone';
import { Link as RouterLink } from 'react-router-dom';
import { SUPPORT, type UserDto } from '@strongroom/shared';

/** Staff write reasons freely: end them with exactly one full stop, never '..'. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * What a rejected applicant sees in place of the dashboard and the money pages: why, and what to do next. There
 * is no account to use, so no balance and no Transfer action.
 */
export function RejectedApplication({ user }: { user: UserDto }) {
  const tel = `tel:${SUPPORT.phone.replace(/[^\d+]/g, '')}`;
  const subject = encodeURIComponent(`Application ${user.accountNumber}`);
  return (
    <Stack spacing={3} data-testid="banner-rejected" sx={{ maxWidth: 760 }}>
      <Box>
        <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          We could not approve your application
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Your account {user.accountNumber} is not open, so it cannot hold or send money.
        </Typography>
      </Box>
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" fontWeight={700} gutterBottom>
            Why
          </Typography>
          <Typography data-testid="rejection-reason">{user.rejectionReason ? `Reason: ${asSentence(user.rejectionReason)}` : 'We could not confirm the details you gave us.'}</Typography>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" fontWeight={700} gutterBottom>
            What you can do next
          </Typography>
          <Box component="ol" sx={{ pl: 3, my: 1, '& li': { mb: 1 } }}>
            <li>Check that your details in your profile are correct and up to date.</li>
            <li>Contact us with your account number ({user.accountNumber}). We will tell you what we need, for example a clearer photograph of your passport, and review your application again.</li>
            <li>You can also reply to the e-mail we sent you about this decision.</li>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
            <Button variant="contained" startIcon={<MailOutlineIcon />} href={`mailto:${SUPPORT.email}?subject=${subject}`}>
              E-mail {SUPPORT.email}
            </Button>
            <Button variant="outlined" startIcon={<PhoneIcon />} href={tel}>
              Call {SUPPORT.phone}
            </Button>
            <Button component={RouterLink} to="/profile">
              Review my profile
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
