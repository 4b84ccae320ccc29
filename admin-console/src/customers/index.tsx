import { Box, Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Datagrid,
  DateField,
  EmailField,
  FunctionField,
  List,
  Pagination,
  ReferenceManyField,
  SelectInput,
  Show,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
  usePermissions,
} from 'react-admin';
import { CUSTOMER_STATUSES, apiUrl } from '@strongroom/shared';
import { StatusField, humanize } from '../components/StatusField';
import { MoneyField } from '../components/MoneyField';
import { CalendarDateField, LongDateField, countryName } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { DecisionButtons } from '../components/DecisionButtons';
import { AccountFrozenNotice } from './UnfreezeAccount';
import { StandingOrderGrid } from '../standing-orders/StandingOrders';
import { CustomerAccounts } from '../accounts/CustomerAccounts';

interface CustomerRecord {
  id: string;
  firstName: string;
  middleName?: string | null;
  lastName: string;
  accountNumber: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  accountType: string;
  emailVerified: boolean;
  status: string;
}

const fullName = (r: CustomerRecord) => [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ');

const filters = [
  <TextInput key="q" source="q" label="Search name, e-mail or account" alwaysOn resettable />,
  <SelectInput key="status" source="status" label="Status" choices={CUSTOMER_STATUSES.map((s) => ({ id: s, name: humanize(s) }))} alwaysOn emptyText="All" />,
];

export function CustomerList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Auditors read only: no Decision column that would stay empty for them.
  const canDecide = usePermissions().permissions === 'admin';
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Customers" exporter={false} actions={false}>
      {phone ? (
        <SimpleList<CustomerRecord>
          primaryText={(r) => fullName(r)}
          secondaryText={(r) => `${r.accountNumber} · ${humanize(r.status)}`}
          tertiaryText={(r) => (r.status === 'pending_review' ? 'Review' : '')}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="accountNumber" label="Account" />
          <FunctionField label="Name" sortBy="lastName" render={(r: CustomerRecord) => <span style={{ whiteSpace: 'nowrap' }}>{fullName(r)}</span>} />
          <TextField source="email" label="E-mail" sortable={false} />
          <MoneyField source="accountBalance" label="Balance" sortable={false} />
          <StatusField label="Status" />
          <DateField source="createdAt" label="Applied" options={{ dateStyle: 'medium' }} />
          {canDecide && <DecisionButtons label="Decision" resource="customers" pendingStatus="pending_review" />}
        </Datagrid>
      )}
    </List>
  );
}

function CustomerTitle() {
  const record = useRecordContext<CustomerRecord>();
  return <span>{record ? `${fullName(record)} · ${record.accountNumber}` : 'Customer'}</span>;
}

/**
 * A document the application carries (`source` holds its file's API path): a photo, opened whole in a new tab on a
 * click, or a PDF (a proof of address may be one), offered as a download to open in the staff member's own viewer.
 */
function DocumentPhoto({ source, typeSource, alt, missing }: { source: 'passportImage' | 'proofOfAddressImage'; typeSource?: 'proofOfAddressType'; alt: string; missing: string }) {
  const record = useRecordContext();
  if (!record?.[source]) return <Typography color="text.secondary">{missing}</Typography>;
  const src = apiUrl(String(record[source]));
  if (typeSource && record[typeSource] === 'application/pdf') {
    return (
      <Button component="a" href={src} download variant="outlined" startIcon={<PictureAsPdfIcon />}>
        Download the PDF
      </Button>
    );
  }
  return (
    <a href={src} target="_blank" rel="noreferrer" title="Open the full image">
      <Box
        component="img"
        src={src}
        alt={alt}
        sx={{ display: 'block', maxWidth: '100%', width: 360, maxHeight: 260, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
      />
    </a>
  );
}

function Review() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <DetailSection title="Application">
      <Detail label="Status">
        <StatusField />
      </Detail>
      <Detail label="Applied">
        <LongDateField source="createdAt" />
      </Detail>
      <Detail label="E-mail verified">
        <FunctionField render={(r: CustomerRecord) => (r.emailVerified ? 'Yes' : 'Not yet')} />
      </Detail>
      {record.reviewedAt ? (
        <Detail label={record.status === 'rejected' ? 'Rejected' : 'Approved'}>
          <LongDateField source="reviewedAt" />
        </Detail>
      ) : null}
      {record.status === 'rejected' ? (
        <Detail label="Reason given to the customer" wide>
          <TextField source="rejectionReason" emptyText="—" />
        </Detail>
      ) : null}
    </DetailSection>
  );
}

export function CustomerShow() {
  return (
    <Show
      title={<CustomerTitle />}
      actions={
        <TopToolbar>
          <DecisionButtons resource="customers" pendingStatus="pending_review" />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}
    >
      <Box>
        <AccountFrozenNotice />
        <Review />
        <DetailSection title="Identity">
          <Detail label="Full name">
            <FunctionField render={(r: CustomerRecord) => fullName(r)} />
          </Detail>
          <Detail label="Date of birth">
            <CalendarDateField source="dob" />
          </Detail>
          <Detail label="Occupation">
            <TextField source="occupation" />
          </Detail>
          <Detail label="E-mail">
            <EmailField source="email" />
          </Detail>
          <Detail label="Phone">
            <TextField source="phone" />
          </Detail>
          <Detail label="Income range">
            <TextField source="incomeRange" />
          </Detail>
          <Detail label="Address" wide>
            <FunctionField render={(r: CustomerRecord) => [r.address, r.city, [r.state, r.zipcode].filter(Boolean).join(' '), countryName(r.country)].filter(Boolean).join(', ')} />
          </Detail>
          <Detail label="Passport photograph" wide>
            <DocumentPhoto source="passportImage" alt="Passport photograph" missing="No passport on file" />
          </Detail>
          <Detail label="Proof of address" wide>
            <DocumentPhoto source="proofOfAddressImage" typeSource="proofOfAddressType" alt="Proof of address" missing="No proof of address on file" />
          </Detail>
        </DetailSection>
        <DetailSection title="Account">
          <Detail label="Account number">
            <TextField source="accountNumber" />
          </Detail>
          <Detail label="Account type">
            <FunctionField render={(r: CustomerRecord) => humanize(r.accountType ?? '')} />
          </Detail>
          <Detail label="Balance">
            <MoneyField source="accountBalance" />
          </Detail>
        </DetailSection>
        <DetailSection title="Accounts held" columns={1}>
          <CustomerAccounts />
        </DetailSection>
        <DetailSection title="Latest transactions" columns={1}>
          <ReferenceManyField reference="transactions" target="customerId" sort={{ field: 'created_at', order: 'DESC' }} perPage={10} pagination={<Pagination rowsPerPageOptions={[10]} />}>
            <Datagrid rowClick="show" bulkActionButtons={false} empty={<Typography color="text.secondary">No transactions yet</Typography>}>
              <LongDateField source="createdAt" label="Date" sortBy="created_at" />
              <TextField source="reference" sortable={false} />
              <TextField source="description" sortable={false} />
              <MoneyField source="amount" label="Amount" signed sortable={false} />
              <StatusField label="Status" />
            </Datagrid>
          </ReferenceManyField>
        </DetailSection>
        <DetailSection title="Standing orders" columns={1}>
          <ReferenceManyField reference="standing-orders" target="customerId" sort={{ field: 'createdAt', order: 'DESC' }} perPage={10} pagination={<Pagination rowsPerPageOptions={[10]} />}>
            <StandingOrderGrid showCustomer={false} empty={<Typography color="text.secondary">No standing orders</Typography>} />
          </ReferenceManyField>
        </DetailSection>
      </Box>
    </Show>
  );
}

/** The resource's pages as App.tsx registers every resource's (its menu icon is icon.ts). */
export { CustomerList as list, CustomerShow as show };
