import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { formatLongDate, formatMoney, type LoanDto } from '@strongroom/shared';
import { instalmentBadge, loanBadge, loanTypeName, timelineTitle, withSpaces } from './loan-labels';
import { PayNextDialog } from './PayNextDialog';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 6, sm: 4 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography fontWeight={600}>{children}</Typography>
    </Grid>
  );
}

function Schedule({ loan }: { loan: LoanDto }) {
  const paid = loan.schedule.filter((i) => i.status === 'paid').length;
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`schedule-${loan.id}`}>
        <Typography fontWeight={600}>
          Repayment schedule ({paid} of {loan.schedule.length} paid)
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`schedule-${loan.id}`} sx={{ p: 0, overflowX: 'auto' }}>
        <Table size="small" aria-label="Repayment schedule">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Due</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loan.schedule.map((i) => {
              const badge = instalmentBadge(i.status);
              return (
                <TableRow key={i.id} data-testid="instalment">
                  <TableCell>{i.number}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.dueDate}</TableCell>
                  <TableCell align="right">
                    {formatMoney(i.amount, loan.currency)}
                    <Typography variant="caption" color="text.secondary" display="block" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(i.principal, loan.currency)} principal + {formatMoney(i.interest, loan.currency)} interest
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={badge.label} color={badge.color} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </AccordionDetails>
    </Accordion>
  );
}

function Timeline({ loan }: { loan: LoanDto }) {
  if (loan.timeline.length === 0) return null;
  return (
    <Box>
      <Typography fontWeight={700} gutterBottom>
        History
      </Typography>
      <List dense disablePadding aria-label="Loan history">
        {loan.timeline.map((entry, index) => (
          <ListItem key={`${entry.at}-${index}`} disableGutters>
            <ListItemText primary={`${timelineTitle(entry.status)} · ${formatLongDate(entry.at)} · by ${entry.by}`} secondary={entry.reason} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** One application on the history tab: the figures, its decision, schedule and history. */
export function LoanCard({ loan, onChanged }: { loan: LoanDto; onChanged: () => void }) {
  const [paying, setPaying] = useState(false);
  const badge = loanBadge(loan.status);
  const next = loan.schedule.find((i) => i.status !== 'paid');
  const money = (amount: string) => formatMoney(amount, loan.currency);
  return (
    <Card data-testid="loan-card">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
            <Typography variant="h6" component="h2" fontWeight={700}>
              {loanTypeName(loan.loanType)}
            </Typography>
            <Chip label={badge.label} color={badge.color} sx={{ fontWeight: 600 }} data-testid="loan-status" />
          </Stack>
          <Grid container spacing={2}>
            <Detail label="Loan Amount">{money(loan.loanAmount)}</Detail>
            <Detail label="Interest Rate">{loan.interestRate}%</Detail>
            <Detail label="Monthly Payment">{money(loan.monthlyPayment)}</Detail>
            <Detail label="Term">{loan.termLength} months</Detail>
            <Detail label="Applied Date">{formatLongDate(loan.createdAt)}</Detail>
            {loan.status === 'approved' && loan.updatedAt && <Detail label="Approved Date">{formatLongDate(loan.approvedAt ?? loan.updatedAt)}</Detail>}
            <Detail label="Purpose">{withSpaces(loan.loanPurpose)}</Detail>
          </Grid>
          {loan.status === 'rejected' && loan.statusReason && <Alert severity="error">Reason: {loan.statusReason}</Alert>}
          {loan.schedule.length > 0 && <Schedule loan={loan} />}
          {next && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} justifyContent="space-between">
              <Typography variant="body2" color={next.status === 'missed' ? 'error' : 'text.secondary'}>
                Next: instalment {next.number} of {loan.termLength}, {money(next.amount)} {next.status === 'missed' ? `(missed on ${next.dueDate}; we retry daily)` : `due ${next.dueDate}`}
              </Typography>
              <Button variant="outlined" onClick={() => setPaying(true)}>
                Pay next instalment
              </Button>
            </Stack>
          )}
          <Timeline loan={loan} />
        </Stack>
      </CardContent>
      {paying && next && (
        <PayNextDialog
          loan={loan}
          instalment={next}
          onClose={() => setPaying(false)}
          onPaid={() => {
            setPaying(false);
            onChanged();
          }}
        />
      )}
    </Card>
  );
}
