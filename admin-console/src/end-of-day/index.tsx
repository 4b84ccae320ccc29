import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { ArrayField, Datagrid, FunctionField, List, NumberField, SelectInput, Show, SimpleList, TextField, TopToolbar, usePermissions, useRecordContext } from 'react-admin';
import { formatCalendarDate } from '../components/format';
import { StatusField, humanize } from '../components/StatusField';
import { LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { RerunButton } from './RerunButton';
import { accruedText, formatDuration, postedText, statusChoices, type RunRecord } from './run-record';

const filters = [<SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn emptyText="All" />];

/** The end of day's runs, one per business date, newest first (docs/operations/end-of-day.md). */
export function EndOfDayList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Auditors read only: no Actions column that would stay empty for them.
  const admin = usePermissions().permissions === 'admin';
  return (
    <List filters={filters} sort={{ field: 'businessDate', order: 'DESC' }} title="End of day" exporter={false} actions={false} perPage={31}>
      {phone ? (
        <SimpleList<RunRecord>
          primaryText={(r) => formatCalendarDate(r.businessDate)}
          secondaryText={(r) => `${r.accountsAccrued} accounts · ${accruedText(r)}`}
          tertiaryText={(r) => humanize(r.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <FunctionField label="Business date" sortBy="businessDate" render={(r: RunRecord) => <span style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(r.businessDate)}</span>} />
          <StatusField label="Status" />
          <NumberField source="accountsAccrued" label="Accounts accrued" sortable={false} />
          <FunctionField label="Interest accrued" sortable={false} render={accruedText} />
          <NumberField source="accountsPosted" label="Accounts paid" sortable={false} />
          <FunctionField label="Interest paid" sortable={false} render={postedText} />
          <NumberField source="depositsMatured" label="Deposits matured" sortable={false} />
          <FunctionField label="Duration" sortable={false} render={(r: RunRecord) => formatDuration(r.durationMs)} />
          <NumberField source="attempts" label="Attempts" sortable={false} />
          {admin && <RerunButton label="Actions" />}
        </Datagrid>
      )}
    </List>
  );
}

function RunTitle() {
  const record = useRecordContext<RunRecord>();
  return <span>{record ? `End of day ${formatCalendarDate(record.businessDate)}` : 'End of day'}</span>;
}

export function EndOfDayShow() {
  return (
    <Show
      title={<RunTitle />}
      actions={
        <TopToolbar>
          <RerunButton />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}
    >
      <DetailSection title="Run">
        <Detail label="Business date">
          <FunctionField render={(r: RunRecord) => formatCalendarDate(r.businessDate)} />
        </Detail>
        <Detail label="Status">
          <StatusField />
        </Detail>
        <Detail label="Time zone">
          <TextField source="timeZone" />
        </Detail>
        <Detail label="Started (latest attempt)">
          <LongDateField source="startedAt" />
        </Detail>
        <Detail label="Finished">
          <LongDateField source="finishedAt" />
        </Detail>
        <Detail label="Duration">
          <FunctionField render={(r: RunRecord) => formatDuration(r.durationMs)} />
        </Detail>
        <Detail label="Attempts">
          <NumberField source="attempts" />
        </Detail>
        <Detail label="Failures">
          <NumberField source="failures" />
        </Detail>
        <Detail label="Error" wide>
          <TextField source="error" emptyText="—" />
        </Detail>
      </DetailSection>
      <DetailSection title="Work done">
        <Detail label="Accounts accrued">
          <NumberField source="accountsAccrued" />
        </Detail>
        <Detail label="Accounts paid (month end)">
          <NumberField source="accountsPosted" />
        </Detail>
        <Detail label="Term deposits matured">
          <NumberField source="depositsMatured" />
        </Detail>
      </DetailSection>
      <DetailSection title="Interest per currency" columns={1}>
        <ArrayField source="totals">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography variant="body2">No interest-bearing account accrued on this date.</Typography>}>
            <TextField source="currency" label="Currency" />
            <TextField source="accrued" label="Accrued (rounded down)" />
            <TextField source="accruedMinorExact" label="Accrued, exact (cents)" />
            <TextField source="posted" label="Paid" />
          </Datagrid>
        </ArrayField>
      </DetailSection>
    </Show>
  );
}

/** The resource's pages as App.tsx registers every resource's (its menu icon is icon.ts). */
export { EndOfDayList as list, EndOfDayShow as show };
