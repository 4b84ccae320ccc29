import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { CopyButton } from '../../components/CopyButton';
import type { PaymentDetailsDto } from './accounts-api';

/** The lines a payer needs, in the order they are asked for; copied together as "Label: value" lines. */
export function payerLines(details: PaymentDetailsDto): [string, string][] {
  return [
    ['Account name', details.accountHolderName],
    ['Account number', details.accountNumber],
    ['Bank', details.bankName],
    ['Currency', details.currency],
  ];
}

/** "Details a payer needs": everything someone paying into this account asks for, with one button to copy it all. */
export function PaymentDetails({ details }: { details: PaymentDetailsDto }) {
  const lines = payerLines(details);
  const text = lines.map(([k, v]) => `${k}: ${v}`).join('\n');
  return (
    <Card data-testid="payment-details">
      <CardHeader
        title="Details a payer needs"
        titleTypographyProps={{ variant: 'h6', component: 'h2', fontWeight: 700 }}
        subheader="Give these to anyone paying into this account"
        action={
          <CopyButton text={text} label="Copy all payment details" copied="Payment details copied">
            Copy all
          </CopyButton>
        }
        sx={{ flexWrap: 'wrap', gap: 1 }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          {lines.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {k}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
