import { useState } from 'react';
import { Box, Card, CardContent, Grid, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { CALCULATOR_INITIAL, calculateLoan, formatMoney } from '@strongroom/shared';

function Figure({ label, value, testId, strong = false }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={2} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography fontWeight={strong ? 800 : 600} fontSize={strong ? '1.4rem' : undefined} data-testid={testId} sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(value, 'USD')}
      </Typography>
    </Stack>
  );
}

/** The loan calculator: the same amortisation the bank uses to set the payment on an application. */
export function LoanCalculator() {
  const [amount, setAmount] = useState<string>(CALCULATOR_INITIAL.amount);
  const [ratePct, setRatePct] = useState<string>(CALCULATOR_INITIAL.ratePct);
  const [termMonths, setTermMonths] = useState<string>(CALCULATOR_INITIAL.termMonths);
  const result = calculateLoan({ amount, ratePct, termMonths });
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={2.5}>
          <Typography variant="h6" component="h2" fontWeight={700}>
            Loan Calculator
          </Typography>
          <TextField
            label="Loan Amount"
            value={amount}
            onChange={(e) => setAmount(e.target.value.trim())}
            inputProps={{ inputMode: 'decimal' }}
            InputProps={{ startAdornment: <InputAdornment position="start">$</InputAdornment> }}
          />
          <TextField label="Interest Rate (%)" value={ratePct} onChange={(e) => setRatePct(e.target.value.trim())} inputProps={{ inputMode: 'decimal' }} />
          <TextField label="Loan Term (months)" value={termMonths} onChange={(e) => setTermMonths(e.target.value.replace(/\D/g, ''))} inputProps={{ inputMode: 'numeric' }} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card variant="outlined" sx={{ bgcolor: 'action.hover' }}>
          <CardContent>
            <Figure label="Estimated Monthly Payment" value={result.monthlyPayment} testId="calc-monthly" strong />
            <Figure label="Principal & Interest" value={result.principalAndInterest} testId="calc-principal-interest" />
            <Figure label="Total Interest" value={result.totalInterest} testId="calc-total-interest" />
            <Figure label="Total Amount" value={result.totalAmount} testId="calc-total" />
            <Box sx={{ pt: 1.5 }}>
              <Typography variant="body2" color="text.secondary">
                Rates from 2.99% a year depending on the loan type. The payment on your application is set by the same calculation.
              </Typography>
            </Box>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
