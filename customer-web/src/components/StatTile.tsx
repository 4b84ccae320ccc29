import type { ReactNode } from 'react';
import { Avatar, Card, CardContent, Stack, Typography } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import { formatMoney } from '@strongroom/shared';

export interface StatTileProps {
  title: string;
  /** A wire decimal string is formatted as money when `currency` is given; anything else is shown as is ('—', a skeleton). */
  value: ReactNode;
  icon: ReactNode;
  currency?: string;
  /** Percentage change; null when there is nothing to compare with; omit to hide the trend line. */
  trend?: number | null;
  /** What the trend compares with, e.g. 'vs October'. */
  trendLabel?: string;
  /** Shown instead of a percentage when `trend` is null. */
  noTrendText?: string;
  /** Money out going down is good news: colour the trend by what it means, not by its sign. */
  trendGoodWhen?: 'up' | 'down';
  caption?: ReactNode;
  testId?: string;
}

export function StatTile({ title, value, icon, currency, trend, trendLabel = 'vs last month', noTrendText = 'Nothing to compare with yet', trendGoodWhen = 'up', caption, testId }: StatTileProps) {
  const shown = currency && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? formatMoney(value, currency) : value;
  const good = trend != null && trend !== 0 && trend > 0 === (trendGoodWhen === 'up');
  const trendColor = trend == null || trend === 0 ? 'text.secondary' : good ? 'success.main' : 'error.main';
  const TrendIcon = trend == null || trend === 0 ? TrendingFlatIcon : trend > 0 ? TrendingUpIcon : TrendingDownIcon;
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
          <Typography color="text.secondary" variant="body2" fontWeight={500}>
            {title}
          </Typography>
          <Avatar sx={{ bgcolor: 'action.hover', color: 'primary.main', width: 36, height: 36, flexShrink: 0 }}>{icon}</Avatar>
        </Stack>
        <Typography variant="h5" component="p" fontWeight={800} sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }} data-testid={testId && `${testId}-value`}>
          {shown}
        </Typography>
        {trend !== undefined && (
          <Stack direction="row" spacing={0.5} alignItems="center" sx={{ mt: 0.5, color: trendColor }}>
            <TrendIcon fontSize="small" />
            <Typography variant="body2" data-testid={testId && `${testId}-trend`}>
              {trend === null ? noTrendText : `${trend > 0 ? '+' : ''}${trend}% ${trendLabel}`}
            </Typography>
          </Stack>
        )}
        {caption && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {caption}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
