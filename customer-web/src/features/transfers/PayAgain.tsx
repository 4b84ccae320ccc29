import { Box, Chip, Stack, Typography } from '@mui/material';
import type { RecentPayeesDto } from '@strongroom/shared';
import { useApi } from '../../api/useApi';

export interface PayAgainOption {
  key: string;
  name: string;
  /** The last four characters of the account number: enough to tell two payees of the same name apart. */
  accountNumber: string;
  onPick: () => void;
}

/** Whom the customer paid lately, of every kind, fetched once for the form that shows them (docs/decisions/0050). */
export function useRecentPayees(): RecentPayeesDto | null {
  return useApi('/v1/transfer/recent-payees').data;
}

const lastFour = (accountNumber: string) => `\u2022\u2022${accountNumber.slice(-4)}`;

/**
 * "Pay again": one chip a recent payee, whose click fills in the form's recipient (never the amount). Nothing is shown
 * to a customer who has paid nobody yet.
 */
export function PayAgain({ options }: { options: PayAgainOption[] }) {
  if (options.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="pay-again-title">
      <Typography id="pay-again-title" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Pay again
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="pay-again">
        {options.map((option) => (
          <Chip
            key={option.key}
            variant="outlined"
            onClick={option.onPick}
            label={`${option.name} ${lastFour(option.accountNumber)}`}
            aria-label={`Pay ${option.name} again, account ending ${option.accountNumber.slice(-4)}`}
            sx={{ maxWidth: '100%' }}
          />
        ))}
      </Stack>
    </Box>
  );
}
