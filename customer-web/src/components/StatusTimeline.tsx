import { Box, Stack, Typography } from '@mui/material';
import type { TimelineEntryDto } from '@strongroom/shared';
import { DateText } from './DateText';

/** Words for the states a customer's request passes through (every product). */
const STATUS_WORDS: Record<string, string> = {
  pending: 'Submitted, waiting for review',
  pending_review: 'Submitted, waiting for review',
  under_review: 'Under review',
  awaiting_second_approval: 'Approved by one reviewer, waiting for a second',
  approved: 'Approved',
  success: 'Completed',
  completed: 'Completed',
  rejected: 'Rejected',
  failed: 'Not sent',
  scheduled: 'Scheduled',
  cancelled: 'Cancelled',
  missed: 'Missed',
  paid: 'Paid',
};

export const statusWords = (status: string) => STATUS_WORDS[status] ?? status.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

const BY_WORDS = { you: 'by you', Strongroom: 'by Strongroom', system: 'automatically' } as const;

/** A request's history, oldest first: each status, when, by whom, and the reason staff gave. */
export function StatusTimeline({ entries, title = 'Timeline' }: { entries: TimelineEntryDto[]; title?: string }) {
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h2" fontWeight={700} sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack component="ol" spacing={1.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.map((entry, index) => (
          <Box component="li" key={`${entry.at}-${index}`} sx={{ display: 'flex', gap: 1.5 }}>
            <Box aria-hidden sx={{ mt: 0.75, width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: index === entries.length - 1 ? 'primary.main' : 'divider' }} />
            <Box>
              <Typography fontWeight={600}>{statusWords(entry.status)}</Typography>
              <Typography variant="body2" color="text.secondary">
                <DateText value={entry.at} /> · {BY_WORDS[entry.by]}
              </Typography>
              {entry.reason && <Typography variant="body2">Reason: {entry.reason}</Typography>}
            </Box>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
