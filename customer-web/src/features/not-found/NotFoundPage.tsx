import { useEffect } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../components/BrandLogo';

export default function NotFoundPage() {
  useEffect(() => {
    const previous = document.title;
    document.title = 'Page not found · Strongroom Bank';
    return () => void (document.title = previous);
  }, []);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3 }}>
      <BrandLogo />
      <Typography variant="h1" fontWeight={800} color="primary" sx={{ mt: 3, fontSize: { xs: '4.5rem', sm: '6rem' } }}>
        404
      </Typography>
      <Typography variant="h5" component="h2" fontWeight={700}>
        We can't find that page
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        The link may be old or mistyped. Your money is safe; let's get you back.
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to="/" variant="outlined">
          Home
        </Button>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          Dashboard
        </Button>
      </Stack>
    </Box>
  );
}
