import { Box, Button, Drawer, IconButton, List, ListItem, ListItemButton, ListItemText, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../BrandLogo';
import { LANDING_ANCHORS } from './landing-anchors';

/** The header's slide-in menu on a phone. Loaded on the first tap of 'Open menu' (PublicHeader), not with the page. */
export default function PublicMenuDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} PaperProps={{ sx: { width: '75%', maxWidth: 320 }, 'aria-label': 'Menu' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
        <BrandLogo />
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <List aria-label="Mobile menu">
        {LANDING_ANCHORS.map((a) => (
          <ListItem key={a.href} disablePadding>
            <ListItemButton component="a" href={a.href} onClick={onClose}>
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
  );
}
