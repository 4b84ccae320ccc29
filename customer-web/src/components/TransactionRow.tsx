import { Avatar, Box, ListItem, ListItemButton, Typography } from '@mui/material';
import SouthWestIcon from '@mui/icons-material/SouthWest';
import NorthEastIcon from '@mui/icons-material/NorthEast';
import { useNavigate } from 'react-router-dom';
import type { TransactionDto } from '@strongroom/shared';
import { Money } from './Money';
import { DateText } from './DateText';
import { StatusChip } from './StatusChip';

/**
 * One movement: who (the description, on up to two lines rather than cut short) and when, then the amount and
 * status. On a phone the icon gives way so the words keep their room.
 */
export function TransactionRow({ tx }: { tx: TransactionDto }) {
  const navigate = useNavigate();
  const credit = tx.type === 'credit';
  return (
    <ListItem disablePadding>
      <ListItemButton
        onClick={() => navigate(`/transactions/${tx.reference}`)}
        sx={{ borderRadius: 2, gap: { xs: 1.5, sm: 2 }, py: 1.25, px: { xs: 1, sm: 2 }, alignItems: 'flex-start' }}
        data-testid="transaction-row"
      >
        <Avatar sx={{ bgcolor: credit ? 'success.light' : 'error.light', color: credit ? 'success.dark' : 'error.dark', width: 40, height: 40, display: { xs: 'none', sm: 'flex' } }} aria-hidden>
          {credit ? <SouthWestIcon fontSize="small" /> : <NorthEastIcon fontSize="small" />}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography fontWeight={600} sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }} data-testid="transaction-who">
            {tx.description}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="transaction-when">
            <DateText value={tx.createdAt} />
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {' '}
              · {tx.category}
            </Box>
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Typography fontWeight={700}>
            <Money amount={tx.amount} currency={tx.currency} type={tx.type} colored />
          </Typography>
          <StatusChip status={tx.status} />
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
