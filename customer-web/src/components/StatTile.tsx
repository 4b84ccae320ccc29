import { Avatar, Card, CardContent, Stack, Typography } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';

export function StatTile({ title, value, icon, trend, caption }: { title: string; value: React.ReactNode; icon: React.ReactNode; trend?: number | null; caption?: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start">
          <Typography color="text.secondary" variant="body2">
            {title}
          </Typography>
          <Avatar sx={{ bgcolor: 'action.hover', color: 'primary.main', width: 36, height: 36 }}>{icon}</Avatar>
        </Stack>
        <Typography variant="h5" fontWeight={800} sx={{ mt: 1 }}>
          {value}
        </Typography>
        {trend !== undefined && (
          <Stack direction="row" spacing={0.5} alignItems="center" sx={{ mt: 0.5, color: trend === null ? 'text.secondary' : trend >= 0 ? 'success.main' : 'error.main' }}>
            {trend !== null && (trend >= 0 ? <TrendingUpIcon fontSize="small" /> : <TrendingDownIcon fontSize="small" />)}
            <Typography variant="body2">{trend === null ? 'No data last month' : `${trend >= 0 ? '+' : ''}${trend}% vs last month`}</Typography>
          </Stack>
        )}
        {caption && (
          <Typography variant="body2" color="text.secondary">
            {caption}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
