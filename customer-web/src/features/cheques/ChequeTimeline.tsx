import { Box, Stack, Typography } from '@mui/material';
import type { ChequeTimelineEntryDto } from '@strongroom/shared';
import { DateText } from '../../components/DateText';

const STATUS_TEXT: Record<string, string> = {
  pending: 'Deposited, waiting for review',
  awaiting_second_approval: 'Approved by one reviewer, waiting for a second',
  approved: 'Approved and credited',
  rejected: 'Rejected',
};
const BY_TEXT: Record<ChequeTimelineEntryDto['by'], string> = { you: 'by you', Strongroom: 'by Strongroom', system: 'automatically' };

/** Each status the deposit went through, when, by whom and why. */
export function ChequeTimeline({ entries }: { entries: ChequeTimelineEntryDto[] }) {
  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Deposit timeline">
      {entries.map((entry, index) => (
        <Box component="li" key={`${entry.at}-${index}`} sx={{ display: 'flex', gap: 1.5 }}>
          <Box sx={{ mt: 0.75, width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: entry.status === 'rejected' ? 'error.main' : entry.status === 'approved' ? 'success.main' : 'warning.main' }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" fontWeight={600}>{STATUS_TEXT[entry.status] ?? entry.status.replace(/_/g, ' ')}</Typography>
            <Typography variant="caption" color="text.secondary">
              <DateText value={entry.at} /> {BY_TEXT[entry.by]}
            </Typography>
            {entry.reason && <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>Reason: {entry.reason}</Typography>}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
