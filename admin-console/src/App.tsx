import { lazy, type ComponentType } from 'react';
import { Admin, AppBar, CustomRoutes, Layout, Menu, Resource, TitlePortal, UserMenu, useGetIdentity, usePermissions, type LayoutProps } from 'react-admin';
import { Route } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { LoginPage } from './LoginPage';
import { IdleWarning } from './components/IdleWarning';
import { darkTheme, lightTheme } from './theme';
import { icon as customersIcon } from './customers/icon';
import { icon as accountsIcon } from './accounts/icon';
import { icon as depositsIcon } from './deposits/icon';
import { icon as transactionsIcon } from './transactions/icon';
import { icon as standingOrdersIcon } from './standing-orders/icon';
import { icon as loansIcon } from './loans/icon';
import { icon as cardsIcon } from './cards/icon';
import { icon as cardAuthorisationsIcon } from './card-authorisations/icon';
import { icon as incomingPaymentsIcon } from './incoming-payments/icon';
import { icon as chequesIcon } from './cheques/icon';
import { icon as fxRatesIcon } from './fx-rates/icon';
import { icon as endOfDayIcon } from './end-of-day/icon';
import { icon as productsIcon } from './products/icon';
import { icon as cryptoOptionsIcon } from './crypto-options/icon';
import { icon as cryptoRequestsIcon } from './crypto-requests/icon';
import { icon as outboxIcon } from './outbox/icon';
import { icon as auditLogIcon } from './audit-log/icon';
import { icon as staffIcon } from './staff/icon';

// Lists and shows load when first opened (react-admin's Layout suspends while they do): the sign-in page, the
// console's first load, carries react-admin's shell but not every grid, form and schema behind it. Every resource's
// folder exports its pages as list, show, edit and create, and its menu icon from icon.ts (loaded at once).
type Pages = Partial<Record<'list' | 'show' | 'edit' | 'create', ComponentType>>;
function lazyPages<Loaded extends Pages>(load: () => Promise<Loaded>) {
  const page = (name: keyof Pages) => lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return { list: page('list'), show: page('show'), edit: page('edit'), create: page('create') };
}
const customers = lazyPages(() => import('./customers'));
const accounts = lazyPages(() => import('./accounts'));
const transactions = lazyPages(() => import('./transactions'));
const standingOrders = lazyPages(() => import('./standing-orders'));
const loans = lazyPages(() => import('./loans'));
const deposits = lazyPages(() => import('./deposits'));
const cards = lazyPages(() => import('./cards'));
const cardAuthorisations = lazyPages(() => import('./card-authorisations'));
const incomingPayments = lazyPages(() => import('./incoming-payments'));
const cheques = lazyPages(() => import('./cheques'));
const fxRates = lazyPages(() => import('./fx-rates'));
const endOfDay = lazyPages(() => import('./end-of-day'));
const products = lazyPages(() => import('./products'));
const cryptoOptions = lazyPages(() => import('./crypto-options'));
const cryptoRequests = lazyPages(() => import('./crypto-requests'));
const outbox = lazyPages(() => import('./outbox'));
const auditLog = lazyPages(() => import('./audit-log'));
const staff = lazyPages(() => import('./staff'));
const PostCardPaymentPage = lazy(() => import('./card-authorisations/PostCardPaymentPage').then((m) => ({ default: m.PostCardPaymentPage })));
const Dashboard = lazy(() => import('./dashboard').then((m) => ({ default: m.Dashboard })));
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
      <Resource name="customers" list={customers.list} show={customers.show} icon={customersIcon} recordRepresentation={(r) => `${r.firstName} ${r.lastName}`} />
      <Resource name="accounts" list={accounts.list} show={accounts.show} icon={accountsIcon} recordRepresentation={(r) => `${r.name} · ${r.number}`} />
      <Resource name="transactions" list={transactions.list} show={transactions.show} icon={transactionsIcon} recordRepresentation="reference" />
      <Resource
        name="standing-orders"
        list={standingOrders.list}
        show={standingOrders.show}
        icon={standingOrdersIcon}
        options={{ label: 'Standing orders' }}
        recordRepresentation={(r) => `${r.customerName} · ${r.amount} to ${r.recipientName}`}
      />
      <Resource name="loans" list={loans.list} show={loans.show} icon={loansIcon} recordRepresentation={(r) => `${r.customerName} · ${r.loanAmount}`} />
      <Resource name="deposits" list={deposits.list} show={deposits.show} icon={depositsIcon} options={{ label: 'Term deposits' }} recordRepresentation={(r) => `${r.name} · ${r.accountNumber}`} />
      <Resource name="cards" list={cards.list} show={cards.show} icon={cardsIcon} recordRepresentation={(r) => `${r.holderName} ${r.last4 ? `•••• ${r.last4}` : '(application)'}`} />
      <Resource
        name="card-authorisations"
        list={cardAuthorisations.list}
        show={cardAuthorisations.show}
        icon={cardAuthorisationsIcon}
        options={{ label: 'Card authorisations' }}
        recordRepresentation="merchant"
      />
      <Resource
        name="incoming-payments"
        list={incomingPayments.list}
        show={incomingPayments.show}
        icon={incomingPaymentsIcon}
        options={{ label: 'Incoming payments' }}
        recordRepresentation="networkReference"
      />
      <Resource name="status-events" />
      <Resource name="cheques" list={cheques.list} show={cheques.show} icon={chequesIcon} options={{ label: 'Cheques' }} recordRepresentation={(r) => `Cheque no. ${r.chequeNumber}`} />
      <Resource name="products" list={products.list} show={products.show} edit={products.edit} icon={productsIcon} options={{ label: 'Deposit products' }} recordRepresentation="name" />
      <Resource name="end-of-day-runs" list={endOfDay.list} show={endOfDay.show} icon={endOfDayIcon} options={{ label: 'End of day' }} recordRepresentation="businessDate" />
      <Resource name="fx-rates" list={fxRates.list} show={fxRates.show} edit={fxRates.edit} icon={fxRatesIcon} options={{ label: 'FX rates' }} recordRepresentation="rateText" />
      <Resource
        name="crypto-options"
        list={cryptoOptions.list}
        show={cryptoOptions.show}
        edit={cryptoOptions.edit}
        icon={cryptoOptionsIcon}
        options={{ label: 'Crypto options' }}
        recordRepresentation={(r) => `${r.name} (${r.symbol})`}
      />
      <Resource
        name="crypto-requests"
        list={cryptoRequests.list}
        show={cryptoRequests.show}
        icon={cryptoRequestsIcon}
        options={{ label: 'Crypto requests' }}
        recordRepresentation={(r) => `${r.kind} of ${r.amount} ${r.symbol}`}
      />
      <Resource name="outbox" list={outbox.list} show={outbox.show} icon={outboxIcon} options={{ label: 'Mail outbox' }} recordRepresentation="subject" />
      <Resource name="audit-log" list={auditLog.list} icon={auditLogIcon} options={{ label: 'Audit log' }} />
      <Resource name="staff" list={staff.list} show={staff.show} create={staff.create} edit={staff.edit} icon={staffIcon} options={{ label: 'Staff' }} recordRepresentation="name" />
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
