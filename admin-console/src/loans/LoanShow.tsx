import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List as MuiList,
  ListItem,
  ListItemText,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { FunctionField, Link, Show, TopToolbar, useCreatePath, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { formatLongDate, formatMoney, type LoanAdminDto } from '@strongroom/shared';
import { maskedSsn } from '../components/format';
import { Detail, DetailSection } from '../components/DetailGrid';
import { DecisionButtons } from '../components/DecisionButtons';
import { StatusHistory } from '../components/StatusHistory';
import { humanize } from '../components/StatusField';
import type { StrongroomDataProvider } from '../providers/data-provider';
import { errorMessage } from '../providers/http';
import { LOAN_PENDING_STATUSES, loanTypeLabel } from './loan-status';

const useLoan = () => useRecordContext<LoanAdminDto>();

function LoanTitle() {
  const loan = useLoan();
  return <span>{loan ? `${loanTypeLabel(loan.loanType)} · ${loan.customerName}` : 'Loan'}</span>;
}

/** Admins take a pending application into review; auditors never see the button. */
function MoveToReviewButton() {
  const loan = useLoan();
  const { permissions } = usePermissions();
  const dataProvider = useDataProvider<StrongroomDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!loan || permissions !== 'admin' || loan.status !== 'pending') return null;
  const start = async () => {
    setBusy(true);
    try {
      notify((await dataProvider.startLoanReview(String(loan.id))).message, { type: 'success' });
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Button size="small" variant="outlined" disabled={busy} onClick={start}>
      Move to under review
    </Button>
  );
}

const STEP_OF: Record<string, number> = { pending: 0, under_review: 1, awaiting_second_approval: 2 };

/** Applied, under review, (second approval, for four-eyes loans), decided. */
function StatusSteps() {
  const loan = useLoan();
  if (!loan) return null;
  const fourEyes = loan.status === 'awaiting_second_approval' || loan.timeline.some((e) => e.status === 'awaiting_second_approval');
  const decided = loan.status === 'rejected' ? 'Rejected' : loan.status === 'approved' ? 'Approved and paid out' : 'Decided';
  const steps = ['Applied', 'Under review', ...(fourEyes ? ['Second approval'] : []), decided];
  const active = loan.status === 'approved' || loan.status === 'rejected' ? steps.length : (STEP_OF[loan.status] ?? 0);
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent sx={{ overflowX: 'auto' }}>
        <Stepper activeStep={active} alternativeLabel aria-label="Loan status">
          {steps.map((label, index) => (
            <Step key={label} completed={active > index}>
              <StepLabel error={index === steps.length - 1 && loan.status === 'rejected'}>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {loan.firstApproval && (
          <Alert severity="info" sx={{ mt: 2 }}>
            First approval by {loan.firstApproval.by ?? 'an admin'} on {formatLongDate(loan.firstApproval.at)}. A second, different admin must approve.
          </Alert>
        )}
        {loan.status === 'rejected' && loan.statusReason && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Reason given to the customer: {loan.statusReason}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

const text = (render: (loan: LoanAdminDto) => string) => <FunctionField<LoanAdminDto> render={render} />;

function CustomerLink() {
  const loan = useLoan();
  const createPath = useCreatePath();
  if (!loan) return null;
  return (
    <Link to={createPath({ resource: 'customers', id: loan.customerId, type: 'show' })}>
      {loan.customerName} · {loan.accountNumber}
    </Link>
  );
}

function Schedule() {
  const loan = useLoan();
  if (!loan || loan.schedule.length === 0) return null;
  const money = (amount: string) => formatMoney(amount, loan.currency);
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={700} gutterBottom>
          Schedule and collection: {loan.collection.paid} paid, {loan.collection.missed} missed, {loan.collection.due} due; outstanding {money(loan.collection.outstanding)}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Repayment schedule">
            <TableHead>
              <TableRow>
                {['#', 'Due', 'Amount', 'Principal', 'Interest', 'Status', 'Attempts', 'Paid'].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {loan.schedule.map((i) => (
                <TableRow key={i.id}>
                  <TableCell>{i.number}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.dueDate}</TableCell>
                  <TableCell>{money(i.amount)}</TableCell>
                  <TableCell>{money(i.principal)}</TableCell>
                  <TableCell>{money(i.interest)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={humanize(i.status)} color={i.status === 'paid' ? 'success' : i.status === 'missed' ? 'error' : 'default'} />
                  </TableCell>
                  <TableCell>{i.attempts}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.paidAt ? formatLongDate(i.paidAt) : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Collections missed and paid, from the loan's history (the loan's own status changes are in StatusHistory). */
function CollectionHistory() {
  const loan = useLoan();
  const events = (loan?.timeline ?? []).filter((e) => e.status === 'missed' || e.status === 'paid');
  if (events.length === 0) return null;
  return (
    <MuiList dense aria-label="Collection history">
      {events.map((e, index) => (
        <ListItem key={`instalment-${index}`} disableGutters>
          <ListItemText primary={`Instalment ${e.status} · ${formatLongDate(e.at)} · ${e.by === 'you' ? 'customer' : e.by}`} secondary={e.reason} />
        </ListItem>
      ))}
    </MuiList>
  );
}

function History() {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={700} gutterBottom>
          History
        </Typography>
        <StatusHistory subjectType="loan" />
        <CollectionHistory />
      </CardContent>
    </Card>
  );
}

export function LoanShow() {
  return (
    <Show
      title={<LoanTitle />}
      actions={
        <TopToolbar>
          <MoveToReviewButton />
          <DecisionButtons resource="loans" pendingStatus={LOAN_PENDING_STATUSES} />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}
    >
      <StatusSteps />
      <DetailSection title="Loan">
        <Detail label="Customer">
          <CustomerLink />
        </Detail>
        <Detail label="Type">{text((l) => loanTypeLabel(l.loanType))}</Detail>
        <Detail label="Purpose">{text((l) => humanize(l.loanPurpose))}</Detail>
        <Detail label="Amount">{text((l) => formatMoney(l.loanAmount, l.currency))}</Detail>
        <Detail label="Rate">{text((l) => `${l.interestRate}% a year`)}</Detail>
        <Detail label="Term">{text((l) => `${l.termLength} months`)}</Detail>
        <Detail label="Monthly payment">{text((l) => formatMoney(l.monthlyPayment, l.currency))}</Detail>
        <Detail label="Total interest">{text((l) => formatMoney(l.totalInterest, l.currency))}</Detail>
        <Detail label="Total repaid">{text((l) => formatMoney(l.totalAmount, l.currency))}</Detail>
        <Detail label="Applied">{text((l) => formatLongDate(l.createdAt))}</Detail>
        <Detail label="Disbursement">{text((l) => l.disbursementReference ?? 'Not paid out')}</Detail>
      </DetailSection>
      <DetailSection title="Applicant">
        <Detail label="Name">{text((l) => `${l.applicant.firstName} ${l.applicant.lastName}`)}</Detail>
        <Detail label="SSN">{text((l) => maskedSsn(l.ssnLast4))}</Detail>
        <Detail label="Date of birth">{text((l) => l.applicant.dateOfBirth)}</Detail>
        <Detail label="E-mail">{text((l) => l.applicant.email)}</Detail>
        <Detail label="Phone">{text((l) => l.applicant.phone)}</Detail>
        <Detail label="Address" wide>
          {text((l) => `${l.applicant.address}, ${l.applicant.city}, ${l.applicant.state} ${l.applicant.zipCode}`)}
        </Detail>
        <Detail label="Employment">{text((l) => humanize(l.applicant.employmentStatus))}</Detail>
        <Detail label="Employer">{text((l) => `${l.applicant.jobTitle} at ${l.applicant.employerName}`)}</Detail>
        <Detail label="Annual income">{text((l) => formatMoney(l.applicant.annualIncome, l.currency))}</Detail>
        <Detail label="Monthly rent">{text((l) => formatMoney(l.applicant.monthlyRent, l.currency))}</Detail>
        <Detail label="Down payment">{text((l) => formatMoney(l.applicant.downPayment, l.currency))}</Detail>
      </DetailSection>
      <Schedule />
      <History />
    </Show>
  );
}
