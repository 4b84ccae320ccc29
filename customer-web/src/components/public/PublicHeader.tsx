import { lazy, Suspense, useState } from 'react';
import { AppBar, Box, Button, Container, IconButton, Stack, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../BrandLogo';
import { LANDING_ANCHORS } from './landing-anchors';

// The phone menu (Drawer, Modal, focus trap, list: ~9 KB gzip) is fetched on the first tap, not with the page.
const PublicMenuDrawer = lazy(() => import('./PublicMenuDrawer'));

export function PublicHeader() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that later openings and every closing slide.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const openMenu = () => {
    setMenuLoaded(true);
    setOpen(true);
  };
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2 }}>
          <Box component={RouterLink} to="/" sx={{ textDecoration: 'none' }}>
            <BrandLogo />
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ flex: 1, justifyContent: 'center', display: { xs: 'none', md: 'flex' } }} component="nav" aria-label="Sections">
            {LANDING_ANCHORS.map((a) => (
              <Button key={a.href} href={a.href} color="inherit">
                {a.label}
              </Button>
            ))}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', md: 'flex' } }}>
            <Button component={RouterLink} to="/auth/login" variant="outlined">
              Login
            </Button>
            <Button component={RouterLink} to="/auth/terms" variant="contained">
              Open Account
            </Button>
          </Stack>
          <IconButton sx={{ ml: 'auto', display: { md: 'none' } }} aria-label="Open menu" aria-haspopup="dialog" onClick={openMenu}>
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {menuLoaded && (
        <Suspense fallback={null}>
          <PublicMenuDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
