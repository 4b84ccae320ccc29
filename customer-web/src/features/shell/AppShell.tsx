import { useState } from 'react';
import { Alert, AppBar, Box, Button, Divider, Drawer, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Menu, MenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PersonIcon from '@mui/icons-material/Person';
import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { SUPPORT } from '@strongroom/shared';
import { useAuth } from '../../auth/AuthContext';
import { useColorMode } from '../../theme/ColorModeContext';
import { UserAvatar } from '../../components/UserAvatar';
import { BrandLogo } from '../../components/BrandLogo';

export const MENU = [
  { label: 'Dashboard', to: '/dashboard', icon: <DashboardIcon /> },
  { label: 'Transfers', to: '/transfers', icon: <SwapHorizIcon /> },
  { label: 'Deposit Cheque', to: '/deposit-cheque', icon: <ReceiptLongIcon /> },
  { label: 'Crypto Currency', to: '/crypto', icon: <CurrencyBitcoinIcon /> },
  { label: 'Cards', to: '/cards', icon: <CreditCardIcon /> },
  { label: 'Loans', to: '/loans', icon: <RequestQuoteIcon /> },
  { label: 'Transactions', to: '/transactions', icon: <ListAltIcon /> },
  { label: 'Profile', to: '/profile', icon: <PersonIcon /> },
];
const SIDE_WIDTH = { md: '20%' };

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ p: 2.5 }}>
        <BrandLogo />
      </Box>
      <List component="nav" aria-label="Main menu" sx={{ px: 1, flex: 1 }}>
        {MENU.map((item) => (
          <ListItemButton key={item.to} component={RouterLink} to={item.to} selected={pathname.startsWith(item.to)} onClick={onNavigate} sx={{ borderRadius: 2, mb: 0.5 }}>
            <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <List sx={{ px: 1 }}>
        <ListItemButton component={RouterLink} to="/fees" onClick={onNavigate} sx={{ borderRadius: 2 }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <PriceCheckIcon />
          </ListItemIcon>
          <ListItemText primary="Fees" secondary={`Support ${SUPPORT.phone}`} />
        </ListItemButton>
      </List>
    </Box>
  );
}

export default function AppShell() {
  const { user, logout, loggingOut } = useAuth();
  const { mode, toggle } = useColorMode();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const fullName = [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ');

  const doLogout = async () => {
    await logout();
    setAnchor(null);
    navigate('/auth', { replace: true });
    enqueueSnackbar('Logged out successfully', { variant: 'success' });
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box component="aside" sx={{ width: SIDE_WIDTH, minWidth: { md: 220 }, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
        <Box sx={{ position: 'fixed', top: 0, bottom: 0, width: '20%', minWidth: 220, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <SideMenu />
        </Box>
      </Box>
      <Drawer open={mobileOpen} onClose={() => setMobileOpen(false)} sx={{ display: { md: 'none' } }} PaperProps={{ sx: { width: '70%' } }}>
        <SideMenu onNavigate={() => setMobileOpen(false)} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: 1 }}>
            <IconButton edge="start" aria-label="Open menu" onClick={() => setMobileOpen(true)} sx={{ display: { md: 'none' } }}>
              <MenuIcon />
            </IconButton>
            <Box sx={{ flex: 1 }} />
            <Tooltip title={mode === 'light' ? 'Dark mode' : 'Light mode'}>
              <IconButton onClick={toggle} aria-label="Toggle dark mode">
                {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
              </IconButton>
            </Tooltip>
            <Typography fontWeight={600} sx={{ display: { xs: 'none', sm: 'block' } }} data-testid="topbar-name">
              {fullName}
            </Typography>
            <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label="Account menu" aria-haspopup="menu">
              <UserAvatar firstName={user.firstName} lastName={user.lastName} image={user.image} size={36} />
            </IconButton>
            <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
              <Box sx={{ px: 2, py: 1 }}>
                <Typography fontWeight={700}>{fullName}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {user.email}
                </Typography>
              </Box>
              <Divider />
              {[['Profile', '/profile'], ['Cards', '/cards'], ['Loans', '/loans']].map(([label, to]) => (
                <MenuItem key={to} onClick={() => { setAnchor(null); navigate(to); }}>
                  {label}
                </MenuItem>
              ))}
              <Divider />
              <Box sx={{ px: 2, py: 1 }}>
                <Button fullWidth variant="outlined" color="error" onClick={doLogout} disabled={loggingOut}>
                  {loggingOut ? 'Logging out...' : 'Logout'}
                </Button>
              </Box>
            </Menu>
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ p: { xs: 2, md: 4 }, flex: 1, maxWidth: 1280, width: '100%', mx: 'auto' }}>
          {user.status === 'pending_review' && (
            <Alert severity="info" sx={{ mb: 3 }}>
              Your application is under review. You can look around now; sending money unlocks as soon as it is approved (usually within one business day).
            </Alert>
          )}
          {user.status === 'rejected' && (
            <Alert severity="error" sx={{ mb: 3 }}>
              We could not approve your application{user.rejectionReason ? `: ${user.rejectionReason}` : ''}. Please contact support at {SUPPORT.phone} or {SUPPORT.email}.
            </Alert>
          )}
          {!user.emailVerified && (
            <Alert severity="warning" sx={{ mb: 3 }} action={<Button color="inherit" size="small" component={RouterLink} to={`/auth/verify?email=${encodeURIComponent(user.email)}`}>Verify now</Button>}>
              Please verify your e-mail address with the code we sent you.
            </Alert>
          )}
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
