import { Admin, CustomRoutes, Menu, Layout, Resource, type LayoutProps } from 'react-admin';
import { Route } from 'react-router-dom';
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
import { LoginPage } from './LoginPage';

function AppMenu() {
  return (
    <Menu>
      <Menu.ResourceItems />
      <Menu.Item to="/incoming-transfers" primaryText="Incoming payment" leftIcon={<CallReceivedIcon />} />
    </Menu>
  );
}
const AppLayout = (props: LayoutProps) => <Layout {...props} menu={AppMenu} />;

export function App() {
  return (
    <Admin title="Strongroom back office" authProvider={authProvider} dataProvider={dataProvider} loginPage={LoginPage} layout={AppLayout} requireAuth disableTelemetry>
      <Resource name="customers" list={CustomerList} show={CustomerShow} icon={PeopleIcon} />
      <Resource name="transactions" list={TransactionList} show={TransactionShow} icon={ReceiptIcon} />
      <Resource name="outbox" list={OutboxList} show={OutboxShow} icon={MailIcon} options={{ label: 'Mail outbox' }} />
      <Resource name="audit-log" list={AuditLogList} icon={HistoryIcon} options={{ label: 'Audit log' }} />
      <CustomRoutes>
        <Route path="/incoming-transfers" element={<IncomingTransferPage />} />
      </CustomRoutes>
    </Admin>
  );
}
