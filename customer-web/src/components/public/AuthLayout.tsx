import { Box, Card, CardContent, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../BrandLogo';

/** The frame of every sign-in, enrolment and recovery screen. */
export function AuthLayout({ title, description, children, maxWidth = 'sm' }: { title: string; description?: string; children: React.ReactNode; maxWidth?: 'sm' | 'md' }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: 'linear-gradient(160deg, rgba(11,61,145,0.08), rgba(15,157,118,0.06))' }}>
      <Container component="main" maxWidth={maxWidth} sx={{ py: { xs: 3, md: 6 }, flex: 1 }}>
        <Box component={RouterLink} to="/" sx={{ textDecoration: 'none', display: 'inline-block', mb: 3 }}>
          <BrandLogo />
        </Box>
        <Card elevation={3}>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography variant="h4" component="h1" fontWeight={800} gutterBottom>
              {title}
            </Typography>
            {description && (
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {description}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
