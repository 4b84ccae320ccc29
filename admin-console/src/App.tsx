import { Admin, AppBar, CustomRoutes, Layout, Menu, Resource, TitlePortal, type LayoutProps } from 'react-admin';
import { Route } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/Receipt';
import MailIcon from '@mui/icons-material/Mail';
import HistoryIcon from '@mui/icons-material/History';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { CustomerList, CustomerShow } from './customers';
import { TransactionList, TransactionShow } from './transactions';
import { OutboxList, OutboxShow } from './outbox';
import { AuditLogList } from './audit-log';
import { IncomingTransferPage } from './incoming-transfers/IncomingTransferPage';
import { Dashboard } from './dashboard';
import { IncomingPaymentIcon, IncomingPaymentList, IncomingPaymentShow } from './incoming-payments';
import { LoginPage } from './LoginPage';
import { darkTheme, lightTheme } from './theme';

function AppMenu() {
  return (
    <Menu>
      <Menu.ResourceItems />
      <Menu.Item to="/incoming-transfers" primaryText="Incoming payment" leftIcon={<CallReceivedIcon />} />
    </Menu>
  );
}

function AppTopBar() {
  return (
    <AppBar>
      <TitlePortal />
      <Box sx={{ display: { xs: 'none', md: 'block' }, mr: 2, opacity: 0.8 }}>
        <Typography variant="body2">Strongroom back office</Typography>
      </Box>
    </AppBar>
  );
}

// minWidth 0 lets wide tables scroll inside the content column instead of widening the whole page.
const AppLayout = (props: LayoutProps) => <Layout {...props} menu={AppMenu} appBar={AppTopBar} sx={{ minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-content': { minWidth: 0 }, '& .RaDatagrid-rowCell, & .RaDatagrid-headerCell': { px: 1.25 } }} />;

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
      <Resource name="incoming-payments" list={IncomingPaymentList} show={IncomingPaymentShow} icon={IncomingPaymentIcon} options={{ label: 'Incoming payments' }} recordRepresentation="networkReference" />
      <Resource name="status-events" />
      <Resource name="outbox" list={OutboxList} show={OutboxShow} icon={MailIcon} options={{ label: 'Mail outbox' }} recordRepresentation="subject" />
      <Resource name="audit-log" list={AuditLogList} icon={HistoryIcon} options={{ label: 'Audit log' }} />
      <CustomRoutes>
        <Route path="/incoming-transfers" element={<IncomingTransferPage />} />
      </CustomRoutes>
    </Admin>
  );
}
