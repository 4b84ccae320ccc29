import { lazy } from 'react';
import { Admin, AppBar, CustomRoutes, Layout, Menu, Resource, TitlePortal, UserMenu, useGetIdentity, usePermissions, type LayoutProps } from 'react-admin';
import { Route } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/Receipt';
import MailIcon from '@mui/icons-material/Mail';
import HistoryIcon from '@mui/icons-material/History';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import ContactlessIcon from '@mui/icons-material/Contactless';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import BadgeIcon from '@mui/icons-material/Badge';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { LoginPage } from './LoginPage';
import { IdleWarning } from './components/IdleWarning';
import { darkTheme, lightTheme } from './theme';

// Lists and shows load when first opened (react-admin's Layout suspends while they do): the sign-in page, the
// console's first load, carries react-admin's shell but not every grid, form and schema behind it.
const CustomerList = lazy(() => import('./customers').then((m) => ({ default: m.CustomerList })));
const CustomerShow = lazy(() => import('./customers').then((m) => ({ default: m.CustomerShow })));
const TransactionList = lazy(() => import('./transactions').then((m) => ({ default: m.TransactionList })));
const TransactionShow = lazy(() => import('./transactions').then((m) => ({ default: m.TransactionShow })));
const OutboxList = lazy(() => import('./outbox').then((m) => ({ default: m.OutboxList })));
const OutboxShow = lazy(() => import('./outbox').then((m) => ({ default: m.OutboxShow })));
const AuditLogList = lazy(() => import('./audit-log').then((m) => ({ default: m.AuditLogList })));
const ChequeList = lazy(() => import('./cheques').then((m) => ({ default: m.ChequeList })));
const ChequeShow = lazy(() => import('./cheques').then((m) => ({ default: m.ChequeShow })));
const LoanList = lazy(() => import('./loans').then((m) => ({ default: m.list })));
const LoanShow = lazy(() => import('./loans').then((m) => ({ default: m.show })));
const CryptoRequestList = lazy(() => import('./crypto-requests').then((m) => ({ default: m.list })));
const CryptoRequestShow = lazy(() => import('./crypto-requests').then((m) => ({ default: m.show })));
const CardList = lazy(() => import('./cards').then((m) => ({ default: m.CardList })));
const CardShow = lazy(() => import('./cards').then((m) => ({ default: m.CardShow })));
const CardAuthorisationList = lazy(() => import('./card-authorisations').then((m) => ({ default: m.CardAuthorisationList })));
const CardAuthorisationShow = lazy(() => import('./card-authorisations').then((m) => ({ default: m.CardAuthorisationShow })));
const PostCardPaymentPage = lazy(() => import('./card-authorisations/PostCardPaymentPage').then((m) => ({ default: m.PostCardPaymentPage })));
const FxRateList = lazy(() => import('./fx-rates').then((m) => ({ default: m.list })));
const FxRateShow = lazy(() => import('./fx-rates').then((m) => ({ default: m.show })));
const FxRateEdit = lazy(() => import('./fx-rates').then((m) => ({ default: m.edit })));
const CryptoOptionList = lazy(() => import('./crypto-options').then((m) => ({ default: m.list })));
const CryptoOptionShow = lazy(() => import('./crypto-options').then((m) => ({ default: m.show })));
const CryptoOptionEdit = lazy(() => import('./crypto-options').then((m) => ({ default: m.edit })));
const Dashboard = lazy(() => import('./dashboard').then((m) => ({ default: m.Dashboard })));
const IncomingPaymentList = lazy(() => import('./incoming-payments').then((m) => ({ default: m.IncomingPaymentList })));
const IncomingPaymentShow = lazy(() => import('./incoming-payments').then((m) => ({ default: m.IncomingPaymentShow })));
const StandingOrderList = lazy(() => import('./standing-orders').then((m) => ({ default: m.list })));
const StandingOrderShow = lazy(() => import('./standing-orders').then((m) => ({ default: m.show })));
const StaffList = lazy(() => import('./staff').then((m) => ({ default: m.list })));
const StaffShow = lazy(() => import('./staff').then((m) => ({ default: m.show })));
const StaffCreate = lazy(() => import('./staff').then((m) => ({ default: m.create })));
const StaffEdit = lazy(() => import('./staff').then((m) => ({ default: m.edit })));
const AcceptInvitationPage = lazy(() => import('./staff/AcceptInvitationPage').then((m) => ({ default: m.AcceptInvitationPage })));
const IncomingTransferPage = lazy(() => import('./incoming-transfers/IncomingTransferPage').then((m) => ({ default: m.IncomingTransferPage })));

function AppMenu() {
  const { permissions } = usePermissions();
  return (
    <Menu>
      <Menu.ResourceItems />
      {permissions === 'admin' && <Menu.Item to="/incoming-transfers" primaryText="Post an incoming payment" leftIcon={<CallReceivedIcon />} />}
      {permissions === 'admin' && <Menu.Item to="/card-payment" primaryText="Post a card payment" leftIcon={<PointOfSaleIcon />} />}
    </Menu>
  );
}

/** The staff member's name shows on the button, so its accessible name starts with that name. */
function AppUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `${identity.fullName}, account menu` : 'Account menu'} />;
}

function AppTopBar() {
  return (
    <AppBar userMenu={<AppUserMenu />}>
      {/* The page's title is its one h1. */}
      <TitlePortal component="h1" />
      <Box sx={{ display: { xs: 'none', md: 'block' }, mr: 2, opacity: 0.8 }}>
        <Typography variant="body2">Strongroom back office</Typography>
      </Box>
    </AppBar>
  );
}

// Every table in the console scrolls inside its card when it is wider, and minWidth 0 down to the list's card lets it
// (each flex item is otherwise at least as wide as its content: the customers, cards and crypto requests lists pushed
// a 1280 px window sideways by 1-15 px). The lists need no rule of their own.
const AppLayout = ({ children, ...props }: LayoutProps) => (
  <Layout
    {...props}
    menu={AppMenu}
    appBar={AppTopBar}
    sx={{
      minWidth: 0,
      '& .RaLayout-appFrame, & .RaLayout-content, & .RaList-main, & .RaList-content': { minWidth: 0 },
      '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
      '& .RaDatagrid-rowCell, & .RaDatagrid-headerCell': { px: 1 },
    }}
  >
    {children}
    <IdleWarning />
  </Layout>
);

/**
 * Served by the API server at /admin/ (Vite base '/admin/'). react-admin's default hash router keeps every console
 * route after the '#', so /admin/#/customers/<id>/show deep-links and reloads without any server rewrite.
 */
export function App() {
  return (
    <Admin
      title="Strongroom back office"
      authProvider={authProvider}
      dataProvider={dataProvider}
      loginPage={LoginPage}
      layout={AppLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
      dashboard={Dashboard}
      requireAuth
      disableTelemetry
    >
      <Resource name="customers" list={CustomerList} show={CustomerShow} icon={PeopleIcon} recordRepresentation={(r) => `${r.firstName} ${r.lastName}`} />
      <Resource name="transactions" list={TransactionList} show={TransactionShow} icon={ReceiptIcon} recordRepresentation="reference" />
      <Resource
        name="standing-orders"
        list={StandingOrderList}
        show={StandingOrderShow}
        icon={EventRepeatIcon}
        options={{ label: 'Standing orders' }}
        recordRepresentation={(r) => `${r.customerName} · ${r.amount} to ${r.recipientName}`}
      />
      <Resource name="loans" list={LoanList} show={LoanShow} icon={AccountBalanceIcon} recordRepresentation={(r) => `${r.customerName} · ${r.loanAmount}`} />
      <Resource name="cards" list={CardList} show={CardShow} icon={CreditCardIcon} recordRepresentation={(r) => `${r.holderName} ${r.last4 ? `•••• ${r.last4}` : '(application)'}`} />
      <Resource
        name="card-authorisations"
        list={CardAuthorisationList}
        show={CardAuthorisationShow}
        icon={ContactlessIcon}
        options={{ label: 'Card authorisations' }}
        recordRepresentation="merchant"
      />
      <Resource
        name="incoming-payments"
        list={IncomingPaymentList}
        show={IncomingPaymentShow}
        icon={CallReceivedIcon}
        options={{ label: 'Incoming payments' }}
        recordRepresentation="networkReference"
      />
      <Resource name="status-events" />
      <Resource name="cheques" list={ChequeList} show={ChequeShow} icon={ReceiptLongIcon} options={{ label: 'Cheques' }} recordRepresentation={(r) => `Cheque no. ${r.chequeNumber}`} />
      <Resource name="fx-rates" list={FxRateList} show={FxRateShow} edit={FxRateEdit} icon={CurrencyExchangeIcon} options={{ label: 'FX rates' }} recordRepresentation="rateText" />
      <Resource
        name="crypto-options"
        list={CryptoOptionList}
        show={CryptoOptionShow}
        edit={CryptoOptionEdit}
        icon={PriceChangeIcon}
        options={{ label: 'Crypto options' }}
        recordRepresentation={(r) => `${r.name} (${r.symbol})`}
      />
      <Resource
        name="crypto-requests"
        list={CryptoRequestList}
        show={CryptoRequestShow}
        icon={CurrencyBitcoinIcon}
        options={{ label: 'Crypto requests' }}
        recordRepresentation={(r) => `${r.kind} of ${r.amount} ${r.symbol}`}
      />
      <Resource name="outbox" list={OutboxList} show={OutboxShow} icon={MailIcon} options={{ label: 'Mail outbox' }} recordRepresentation="subject" />
      <Resource name="audit-log" list={AuditLogList} icon={HistoryIcon} options={{ label: 'Audit log' }} />
      <Resource name="staff" list={StaffList} show={StaffShow} create={StaffCreate} edit={StaffEdit} icon={BadgeIcon} options={{ label: 'Staff' }} recordRepresentation="name" />
      {/* Signed out: the page an invitation's e-mailed link opens. */}
      <CustomRoutes noLayout>
        <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/incoming-transfers" element={<IncomingTransferPage />} />
        <Route path="/card-payment" element={<PostCardPaymentPage />} />
      </CustomRoutes>
    </Admin>
  );
}
