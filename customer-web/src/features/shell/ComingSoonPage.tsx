import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link as RouterLink } from 'react-router-dom';
import { SUPPORT } from '@strongroom/shared';

/** Honest placeholder for products that are not open yet (cheques, crypto, cards, loans). */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <Card data-testid="coming-soon">
      <CardContent sx={{ textAlign: 'center', py: { xs: 5, md: 8 }, px: 3 }}>
        <ConstructionIcon color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h4" component="h1" fontWeight={800} sx={{ mt: 2, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {title}
        </Typography>
        <Typography fontWeight={600} sx={{ mt: 1 }}>
          Coming soon to your account
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 520, mx: 'auto' }}>
          {title} is not open yet. Everything else in your account works as usual; if you need this today, call us on {SUPPORT.phone}.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center">
          <Box>
            <Button component={RouterLink} to="/dashboard" variant="contained">
              Back to dashboard
            </Button>
          </Box>
          <Box>
            <Button component={RouterLink} to="/transfers" variant="outlined">
              Make a transfer
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
