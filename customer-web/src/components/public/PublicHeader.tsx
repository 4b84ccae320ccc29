import { useState } from 'react';
import { AppBar, Box, Button, Container, Drawer, IconButton, List, ListItem, ListItemButton, ListItemText, Stack, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../BrandLogo';

export const LANDING_ANCHORS = [
  { label: 'Home', href: '#home' },
  { label: 'About', href: '#about' },
  { label: 'Services', href: '#services' },
  { label: 'FAQ', href: '#faq' },
  { label: 'Contact', href: '#contact' },
];

export function PublicHeader() {
  const [open, setOpen] = useState(false);
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', backdropFilter: 'blur(8px)' }}>
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
          <IconButton sx={{ ml: 'auto', display: { md: 'none' } }} aria-label="Open menu" onClick={() => setOpen(true)}>
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} PaperProps={{ sx: { width: '75%', maxWidth: 320 }, 'aria-label': 'Menu' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
          <BrandLogo />
          <IconButton aria-label="Close menu" onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        <List aria-label="Mobile menu">
          {LANDING_ANCHORS.map((a) => (
            <ListItem key={a.href} disablePadding>
              <ListItemButton component="a" href={a.href} onClick={() => setOpen(false)}>
                <ListItemText primary={a.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Stack spacing={1} sx={{ p: 2 }}>
          <Button component={RouterLink} to="/auth/login" variant="outlined" fullWidth>
            Login
          </Button>
          <Button component={RouterLink} to="/auth/terms" variant="contained" fullWidth>
            Open Account
          </Button>
        </Stack>
      </Drawer>
    </AppBar>
  );
}
