import { useEffect, useState } from 'react';
import {
  Alert,
  AlertTitle,
  AppBar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  MenuList,
  Popover,
  Stack,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SavingsIcon from '@mui/icons-material/Savings';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PersonIcon from '@mui/icons-material/Person';
import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import LogoutIcon from '@mui/icons-material/Logout';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { SUPPORT, type UserDto } from '@strongroom/shared';
import { useAuth } from '../../auth/AuthContext';
import { useColorMode } from '../../theme/ColorModeContext';
import { UserAvatar } from '../../components/UserAvatar';
import { BrandLogo } from '../../components/BrandLogo';
import { RejectedApplication } from './RejectedApplication';
import { IdleWarning } from './IdleWarning';
import { FreezeBanner, FreezeEverythingDialog } from '../freeze/FreezeEverything';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { AccountsProvider, useAccounts } from '../accounts/AccountsContext';
import { AccountSwitcher } from '../accounts/AccountSwitcher';

export const MENU = [
  { label: 'Dashboard', to: '/dashboard', icon: <DashboardIcon /> },
  { label: 'Accounts', to: '/accounts', icon: <AccountBalanceIcon /> },
  { label: 'Move money', to: '/move-money', icon: <SyncAltIcon /> },
  { label: 'Transfers', to: '/transfers', icon: <SwapHorizIcon /> },
  { label: 'Deposit Cheque', to: '/deposit-cheque', icon: <ReceiptLongIcon /> },
  { label: 'Crypto Currency', to: '/crypto', icon: <CurrencyBitcoinIcon /> },
  { label: 'Cards', to: '/cards', icon: <CreditCardIcon /> },
  { label: 'Loans', to: '/loans', icon: <RequestQuoteIcon /> },
  { label: 'Term deposits', to: '/deposits', icon: <SavingsIcon /> },
  { label: 'Transactions', to: '/transactions', icon: <ListAltIcon /> },
  { label: 'Profile', to: '/profile', icon: <PersonIcon /> },
];
const FEES = { label: 'Fees', to: '/fees' };
const ACCOUNT_LINKS = [
  { label: 'Profile', to: '/profile', icon: <PersonIcon fontSize="small" /> },
  { label: 'Cards', to: '/cards', icon: <CreditCardIcon fontSize="small" /> },
  { label: 'Loans', to: '/loans', icon: <RequestQuoteIcon fontSize="small" /> },
];
const SIDE_MIN_WIDTH_PX = 220;

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);
const sectionTitle = (pathname: string) => [...MENU, FEES].find((item) => isActive(pathname, item.to))?.label ?? '';
export const fullNameOf = (user: Pick<UserDto, 'firstName' | 'middleName' | 'lastName'>) => [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ');

/** A rejected applicant has no account to use: the menu keeps only what still helps them. */
const OPEN_TO_REJECTED = ['/dashboard', '/profile', '/fees'];
const isOpenToRejected = (pathname: string) => OPEN_TO_REJECTED.some((to) => isActive(pathname, to));

function SideMenu({ onNavigate, onClose, rejected = false }: { onNavigate?: () => void; onClose?: () => void; rejected?: boolean }) {
  const { pathname } = useLocation();
  // The account chosen in the switcher goes with every link, so the next page acts on the same account.
  const { linkTo } = useAccounts();
  const items = rejected ? MENU.filter((item) => isOpenToRejected(item.to)) : MENU;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowY: 'auto' }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ p: 2.5 }}>
        <BrandLogo />
        {onClose && (
          <IconButton aria-label="Close menu" onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        )}
      </Stack>
      <List component="nav" aria-label="Main menu" sx={{ px: 1, flex: 1 }}>
        {items.map((item) => {
          const active = isActive(pathname, item.to);
          return (
            <ListItemButton
              key={item.to}
              component={RouterLink}
              to={linkTo(item.to)}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              sx={{ borderRadius: 2, mb: 0.5 }}
            >
              <ListItemIcon sx={{ minWidth: 40, color: active ? 'primary.main' : undefined }}>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} primaryTypographyProps={{ fontWeight: active ? 700 : 500 }} />
            </ListItemButton>
          );
        })}
      </List>
      <Divider />
      <List component="nav" aria-label="More" sx={{ px: 1 }}>
        <ListItemButton component={RouterLink} to={FEES.to} selected={isActive(pathname, FEES.to)} onClick={onNavigate} sx={{ borderRadius: 2 }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <PriceCheckIcon />
          </ListItemIcon>
          <ListItemText primary={FEES.label} primaryTypographyProps={{ fontWeight: 500 }} />
        </ListItemButton>
      </List>
      <Box sx={{ px: 2.5, pb: 2.5 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          Need help? Call{' '}
          <Link href={`tel:${SUPPORT.phone.replace(/[^\d+]/g, '')}`} underline="hover">
            {SUPPORT.phone}
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}

/** Application status and e-mail verification, stated plainly at the top of every signed-in page. */
function AccountBanners({ user }: { user: UserDto }) {
  return (
    <>
      <FreezeBanner user={user} />
      {user.status === 'pending_review' && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="banner-pending-review">
          <AlertTitle>Your application is under review</AlertTitle>
          You can look around and set up your profile now. Sending money waits until we approve your application, usually within one business day; we will e-mail you.
        </Alert>
      )}
      {!user.emailVerified && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          data-testid="banner-verify-email"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={`/auth/verify?email=${encodeURIComponent(user.email)}`}>
              Verify now
            </Button>
          }
        >
          Please verify your e-mail address ({user.email}) with the code we sent you.
        </Alert>
      )}
    </>
  );
}

export default function AppShell() {
  return (
    <AccountsProvider>
      <Shell />
    </AccountsProvider>
  );
}

function Shell() {
  const { user, logout, loggingOut } = useAuth();
  const { mode, toggle } = useColorMode();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [freezeOpen, setFreezeOpen] = useState(false);
  const title = sectionTitle(pathname);

  useEffect(() => {
    document.title = title ? `${title} · Strongroom Bank` : 'Strongroom Bank';
    return () => void (document.title = 'Strongroom Bank');
  }, [title]);

  if (!user) return null;
  const fullName = fullNameOf(user);
  const rejected = user.status === 'rejected';
  // The avatar's initials show on the button, so its name says them too (what you see is what you can say).
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  // The dashboard and every money page give way to the decision and the next steps; profile and fees stay.
  const showRejection = rejected && !isActive(pathname, '/profile') && !isActive(pathname, '/fees');

  const doLogout = async () => {
    await logout();
    setAnchor(null);
    navigate('/auth', { replace: true });
    enqueueSnackbar('Logged out successfully', { variant: 'success' });
  };
  const modeLabel = mode === 'light' ? 'Switch to dark mode' : 'Switch to light mode';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box component="aside" sx={{ width: '20%', minWidth: SIDE_MIN_WIDTH_PX, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
        <Box sx={{ position: 'fixed', top: 0, bottom: 0, width: '20%', minWidth: SIDE_MIN_WIDTH_PX, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <SideMenu rejected={rejected} />
        </Box>
      </Box>
      <Drawer open={mobileOpen} onClose={() => setMobileOpen(false)} sx={{ display: { md: 'none' } }} PaperProps={{ sx: { width: '70%' }, 'aria-label': 'Menu' }}>
        <SideMenu onNavigate={() => setMobileOpen(false)} onClose={() => setMobileOpen(false)} rejected={rejected} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
            <IconButton edge="start" aria-label="Open menu" onClick={() => setMobileOpen(true)} sx={{ display: { md: 'none' } }}>
              <MenuIcon />
            </IconButton>
            {!rejected && <AccountSwitcher />}
            <Box sx={{ flex: 1 }} />
            <Tooltip title={modeLabel}>
              <IconButton onClick={toggle} aria-label="Toggle dark mode">
                {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
              </IconButton>
            </Tooltip>
            <Typography fontWeight={600} noWrap sx={{ minWidth: 0, maxWidth: { xs: '45vw', sm: 'none' }, fontSize: { xs: '0.9rem', sm: '1rem' } }} data-testid="topbar-name">
              {fullName}
            </Typography>
            <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={`Account menu, ${initials}`} aria-haspopup="menu" aria-expanded={!!anchor} edge="end">
              <UserAvatar firstName={user.firstName} lastName={user.lastName} image={user.image} size={36} decorative />
            </IconButton>
            {/* A popover, not a menu: only the links are menu items; the name, e-mail and Logout sit around the list. */}
            <Popover
              anchorEl={anchor}
              open={!!anchor}
              onClose={() => setAnchor(null)}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              transformOrigin={{ vertical: 'top', horizontal: 'right' }}
              slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
            >
              <Box sx={{ px: 2, py: 1 }}>
                <Typography fontWeight={700}>{fullName}</Typography>
                <Typography variant="body2" color="text.secondary" data-testid="account-menu-email">
                  {user.email}
                </Typography>
              </Box>
              <Divider />
              <MenuList autoFocusItem={!!anchor} aria-label="Account">
                {ACCOUNT_LINKS.map((link) => (
                  <MenuItem
                    key={link.to}
                    onClick={() => {
                      setAnchor(null);
                      navigate(link.to);
                    }}
                  >
                    <ListItemIcon>{link.icon}</ListItemIcon>
                    {link.label}
                  </MenuItem>
                ))}
                {!user.frozenAt && (
                  <MenuItem
                    onClick={() => {
                      setAnchor(null);
                      setFreezeOpen(true);
                    }}
                    sx={{ color: 'error.main' }}
                  >
                    <ListItemIcon>
                      <AcUnitIcon fontSize="small" color="error" />
                    </ListItemIcon>
                    Freeze everything
                  </MenuItem>
                )}
              </MenuList>
              <Divider />
              <Box sx={{ px: 2, py: 1 }}>
                <Button fullWidth variant="outlined" color="error" startIcon={<LogoutIcon />} onClick={doLogout} disabled={loggingOut}>
                  {loggingOut ? 'Logging out...' : 'Logout'}
                </Button>
              </Box>
            </Popover>
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ p: { xs: 2, md: 4 }, flex: 1, maxWidth: 1280, width: '100%', mx: 'auto' }}>
          {showRejection ? (
            <RejectedApplication user={user} />
          ) : (
            <>
              <AccountBanners user={user} />
              <FreezeEverythingDialog open={freezeOpen} onClose={() => setFreezeOpen(false)} />
              <Outlet />
              <IdleWarning />
            </>
          )}
        </Box>
      </Box>
    </Box>
  );
}
