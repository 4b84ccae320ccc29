import { Avatar } from '@mui/material';

// Brand-like colours, dark enough for white text (WCAG AA).
const COLORS: Record<string, string> = { BTC: '#b45309', ETH: '#4338ca', USDT: '#047857', SOL: '#6d28d9', LTC: '#334155' };

/** The asset's mark: its symbol on its colour (decorative; the name is always written beside it). */
export function AssetIcon({ symbol, size = 40 }: { symbol: string; size?: number }) {
  return (
    <Avatar aria-hidden sx={{ bgcolor: COLORS[symbol] ?? '#1e3a8a', color: '#fff', width: size, height: size, fontSize: size * (symbol.length > 3 ? 0.28 : 0.33), fontWeight: 800 }}>
      {symbol}
    </Avatar>
  );
}
