import { Box, Card, CardContent, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { BooleanField, Datagrid, EditButton, FunctionField, List, NumberField, Show, TextField, TopToolbar, usePermissions, useRecordContext } from 'react-admin';
import { formatLongDate } from '@strongroom/shared';
import { Detail, DetailSection } from '../components/DetailGrid';
import { ratesToday, scheduleText, termLabel, type ProductRecord } from './rates';

export function ProductList() {
  return (
    <List title="Deposit products" exporter={false} actions={false} pagination={false} perPage={50}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" sortable={false} />
        <TextField source="code" sortable={false} />
        <BooleanField source="interestBearing" label="Earns interest" sortable={false} />
        <FunctionField label="Rates today" render={(p: ProductRecord) => ratesToday(p)} />
        <FunctionField
          label="Scheduled"
          render={(p: ProductRecord) => (p.scheduled.length ? p.scheduled.map((s) => `${s.effectiveFrom}${s.termMonths ? ` (${s.termMonths} m)` : ''}`).join(', ') : '—')}
        />
      </Datagrid>
    </List>
  );
}

function ProductTitle() {
  const record = useRecordContext<ProductRecord>();
  return <span>{record ? `Product: ${record.name}` : 'Product'}</span>;
}

/** Admins change an interest-bearing product's rates; auditors read. */
function ProductActions() {
  const { permissions } = usePermissions();
  const record = useRecordContext<ProductRecord>();
  return <TopToolbar>{permissions === 'admin' && record?.interestBearing && <EditButton label="Change rates" />}</TopToolbar>;
}

function SmallTable({ label, head, rows }: { label: string; head: string[]; rows: { key: string; cells: string[] }[] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, i) => (
                <TableCell key={i} sx={{ whiteSpace: i === 0 ? 'nowrap' : undefined }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Section({ title, empty, children }: { title: string; empty: string | false; children: React.ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={700} gutterBottom>
          {title}
        </Typography>
        {empty ? <Typography color="text.secondary">{empty}</Typography> : children}
      </CardContent>
    </Card>
  );
}

/** The rates in force today (tiers, or one rate per term) and the changes already scheduled. */
function RatesInForce() {
  const p = useRecordContext<ProductRecord>();
  if (!p) return null;
  const today = p.terms.length
    ? p.terms.map((t) => ({ key: String(t.termMonths), cells: [termLabel(t.termMonths), `${t.ratePercent}%`] }))
    : p.tiers.map((t) => ({ key: t.from, cells: [`From ${t.from}`, `${t.ratePercent}%`] }));
  return (
    <>
      <Section title="Rates in force today" empty={p.interestBearing ? (today.length ? false : 'No rate set.') : 'This product earns no interest.'}>
        <SmallTable label="Rates in force today" head={[p.terms.length ? 'Term' : 'Balance', 'Rate a year']} rows={today} />
      </Section>
      {p.interestBearing && (
        <Section title="Scheduled changes" empty={p.scheduled.length ? false : 'None scheduled.'}>
          <SmallTable
            label="Scheduled changes"
            head={['From', 'Term', 'Rates']}
            rows={p.scheduled.map((s) => ({ key: `${s.effectiveFrom}-${s.termMonths}`, cells: [s.effectiveFrom, termLabel(s.termMonths), scheduleText(s.tiers)] }))}
          />
        </Section>
      )}
    </>
  );
}

/** Every change of the product's rates, newest first: the schedule before and after, who, when and why. */
function RateHistory() {
  const p = useRecordContext<ProductRecord>();
  if (!p || !p.interestBearing) return null;
  // The list's copy of the record, shown while the product loads, has no history yet.
  const history = p.history ?? [];
  return (
    <Section title="Rate history" empty={history.length ? false : 'No changes yet.'}>
      <Box data-testid="rate-history">
        <SmallTable
          label="Rate history"
          head={['Effective from', 'Term', 'Old → new', 'By', 'When', 'Reason']}
          rows={history.map((c) => ({
            key: c.id,
            cells: [c.effectiveFrom, termLabel(c.termMonths), `${scheduleText(c.previousTiers)} → ${scheduleText(c.tiers)}`, c.changedBy, formatLongDate(c.changedAt), c.reason],
          }))}
        />
      </Box>
    </Section>
  );
}

export function ProductShow() {
  return (
    <Show title={<ProductTitle />} actions={<ProductActions />} sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <Box>
        <DetailSection title="Product">
          <Detail label="Name">
            <TextField source="name" />
          </Detail>
          <Detail label="Code">
            <TextField source="code" />
          </Detail>
          <Detail label="Earns interest">
            <BooleanField source="interestBearing" />
          </Detail>
          <Detail label="Day count">
            <TextField source="dayCount" />
          </Detail>
          <Detail label="Interest posted">
            <TextField source="postingFrequency" />
          </Detail>
          <Detail label="Minimum to open">
            <TextField source="minimumOpeningAmount" />
          </Detail>
          <Detail label="Early withdrawal forfeits (days of interest)">
            <NumberField source="forfeitDays" emptyText="—" />
          </Detail>
        </DetailSection>
        <RatesInForce />
        <RateHistory />
      </Box>
    </Show>
  );
}
