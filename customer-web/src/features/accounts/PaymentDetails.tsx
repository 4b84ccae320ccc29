import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { CopyButton } from '../../components/CopyButton';
import type { AccountDetailDto, PaymentDetailsDto } from './accounts-api';

const BANK_NAME = 'Strongroom Bank';

/** What the server names the details (its payment details block), else what the account itself says. */
function detailsOf(account: AccountDetailDto, holderName: string): PaymentDetailsDto {
  return account.paymentDetails ?? { name: holderName, number: account.number, bank: BANK_NAME, currency: account.currency };
}

const LABELS: Record<string, string> = { name: 'Account name', number: 'Account number', bank: 'Bank', currency: 'Currency' };
const labelOf = (key: string) => LABELS[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^\w/, (c) => c.toUpperCase());

/** The lines a payer needs, in the order they are asked for; copied together as "Label: value" lines. */
export function payerLines(details: PaymentDetailsDto): [string, string][] {
  const first = ['name', 'number', 'bank', 'currency'];
  const keys = [...first, ...Object.keys(details).filter((k) => !first.includes(k))];
  return keys.filter((k) => typeof details[k] === 'string' && details[k]).map((k) => [labelOf(k), details[k] as string]);
}

/** "Details a payer needs": everything someone paying into this account asks for, with one button to copy it all. */
export function PaymentDetails({ account, holderName }: { account: AccountDetailDto; holderName: string }) {
  const lines = payerLines(detailsOf(account, holderName));
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
