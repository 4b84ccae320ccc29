import { Box } from '@mui/material';
import { formatMoney } from '@strongroom/shared';

/** Money as people read it: symbol, grouping, two decimals; credits green with +, debits with -. */
export function Money({ amount, currency, type, colored = false }: { amount: string; currency: string; type?: 'credit' | 'debit'; colored?: boolean }) {
  const text = formatMoney(amount, currency, type ? { sign: type } : {});
  const color = colored && type ? (type === 'credit' ? 'success.main' : 'error.main') : 'inherit';
  return (
    <Box component="span" sx={{ color, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  );
}
