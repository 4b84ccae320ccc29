import { useEffect, useRef, useState } from 'react';
import { Box, Card, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { BALANCE_COUNT_UP_MS, BALANCE_MASK, formatMoney, parseAmountToMinor } from '@strongroom/shared';

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Counts up to `targetMinor` over BALANCE_COUNT_UP_MS in integer minor units (never floats). A new target
 * animates from the figure on screen, so a refreshed balance does not restart from zero.
 */
export function useCountUp(targetMinor: bigint): bigint {
  const [value, setValue] = useState(() => (prefersReducedMotion() ? targetMinor : 0n));
  const shown = useRef(value);
  useEffect(() => {
    const from = shown.current;
    if (from === targetMinor) return;
    if (prefersReducedMotion()) {
      shown.current = targetMinor;
      setValue(targetMinor);
      return;
    }
    const delta = targetMinor - from;
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / BALANCE_COUNT_UP_MS);
      const eased = 1 - (1 - progress) ** 3;
      // Eased progress in per-mille, applied to the BigInt delta: exact at progress 1.
      const next = progress >= 1 ? targetMinor : from + (delta * BigInt(Math.round(eased * 1000))) / 1000n;
      shown.current = next;
      setValue(next);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [targetMinor]);
  return value;
}

/** 'fixed deposit' -> 'Fixed Deposit'; the product defaults the account type to checking. */
export function accountTypeLabel(accountType: string | null | undefined): string {
  return (accountType || 'checking').replace(/\b\w/g, (c) => c.toUpperCase());
}

export interface BalanceCardProps {
  /** Wire decimal string, e.g. "1250.00". */
  balance: string;
  currency: string;
  accountType: string;
  accountNumber: string;
}

export function BalanceCard({ balance, currency, accountType, accountNumber }: BalanceCardProps) {
  const [hidden, setHidden] = useState(false);
  const shown = useCountUp(parseAmountToMinor(balance, currency));
  const label = hidden ? 'Show balance' : 'Hide balance';
  return (
    <Card sx={{ background: 'linear-gradient(135deg, #0b3d91, #072a66)', color: '#fff', height: '100%' }} data-testid="balance-card">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center">
          <Typography sx={{ opacity: 0.85 }}>Available balance</Typography>
          <Tooltip title={label}>
            <IconButton onClick={() => setHidden((h) => !h)} sx={{ color: '#fff' }} aria-label={label} aria-pressed={hidden}>
              {hidden ? <Visibility /> : <VisibilityOff />}
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography
          variant="h3"
          fontWeight={800}
          sx={{ my: 1, fontVariantNumeric: 'tabular-nums', fontSize: { xs: '2rem', sm: '2.6rem' }, overflowWrap: 'anywhere' }}
          data-testid="balance-amount"
        >
          {hidden ? BALANCE_MASK : formatMoney(shown, currency)}
        </Typography>
        <Stack direction="row" spacing={3} sx={{ opacity: 0.9 }} flexWrap="wrap" useFlexGap>
          <Box>
            <Typography variant="caption">{accountTypeLabel(accountType)} Account</Typography>
            <Typography fontWeight={600} sx={{ letterSpacing: 1 }} data-testid="balance-account-number">
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
