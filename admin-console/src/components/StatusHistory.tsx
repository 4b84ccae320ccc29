import { Box, Stack, Typography } from '@mui/material';
import { useGetList, useRecordContext } from 'react-admin';
import { formatLongDate } from '@strongroom/shared';
import { humanize } from './StatusField';

interface StatusEvent {
  id: string;
  from: string | null;
  to: string;
  actorType: 'customer' | 'staff' | 'system';
  actorEmail: string | null;
  reason: string | null;
  createdAt: string;
}

/** An item's status history for staff: each change, when, and who (staff by e-mail), with the reason given. */
export function StatusHistory({ subjectType }: { subjectType: string; label?: string }) {
  const record = useRecordContext();
  const { data, isPending } = useGetList<StatusEvent>(
    'status-events',
    { filter: { subjectType, subjectId: record?.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: !!record?.id },
  );
  if (!record || isPending) return null;
  if (!data || data.length === 0) return <Typography color="text.secondary">No status changes recorded yet.</Typography>;
  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((event) => (
        <Box component="li" key={event.id}>
          <Typography fontWeight={600}>
            {event.from ? `${humanize(event.from)} → ` : ''}
            {humanize(event.to)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatLongDate(event.createdAt)} · {event.actorType === 'staff' ? (event.actorEmail ?? 'staff') : event.actorType}
          </Typography>
          {event.reason && <Typography variant="body2">Reason: {event.reason}</Typography>}
        </Box>
      ))}
    </Stack>
  );
}
