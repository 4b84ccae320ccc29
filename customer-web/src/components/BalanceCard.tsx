import { useEffect, useRef, useState } from 'react';
import { Box, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { BALANCE_COUNT_UP_MS, BALANCE_MASK, formatMoney, parseAmountToMinor } from '@strongroom/shared';

/** Counts up in integer minor units (never floats) over 0.7 s. */
function useCountUp(targetMinor: bigint): bigint {
  const [value, setValue] = useState(0n);
  const frame = useRef<number>(0);
  useEffect(() => {
    const start = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / BALANCE_COUNT_UP_MS);
      const eased = 1 - (1 - progress) ** 3;
      setValue((targetMinor * BigInt(Math.round(eased * 1000))) / 1000n);
      if (progress < 1) frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [targetMinor]);
  return value;
}

export function BalanceCard({ balance, currency, accountType, accountNumber }: { balance: string; currency: string; accountType: string; accountNumber: string }) {
  const [hidden, setHidden] = useState(false);
  const minor = parseAmountToMinor(balance, currency);
  const shown = useCountUp(minor);
  const type = (accountType || 'checking').replace(/^\w/, (c) => c.toUpperCase());
  return (
    <Card sx={{ background: 'linear-gradient(135deg, #0b3d91, #072a66)', color: '#fff' }} data-testid="balance-card">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center">
          <Typography sx={{ opacity: 0.85 }}>Available balance</Typography>
          <IconButton onClick={() => setHidden((h) => !h)} sx={{ color: '#fff' }} aria-label={hidden ? 'Show balance' : 'Hide balance'}>
            {hidden ? <Visibility /> : <VisibilityOff />}
          </IconButton>
        </Stack>
        <Typography variant="h3" fontWeight={800} sx={{ my: 1, fontVariantNumeric: 'tabular-nums', fontSize: { xs: '2rem', sm: '2.6rem' } }} data-testid="balance-amount">
          {hidden ? BALANCE_MASK : formatMoney(shown, currency)}
        </Typography>
        <Stack direction="row" spacing={3} sx={{ opacity: 0.9 }} flexWrap="wrap" useFlexGap>
          <Box>
            <Typography variant="caption">{type} Account</Typography>
            <Typography fontWeight={600} sx={{ letterSpacing: 1 }}>
              {accountNumber}
            </Typography>
          </Box>
          <Box>
            <Typography variant="caption">Currency</Typography>
            <Typography fontWeight={600}>{currency}</Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
