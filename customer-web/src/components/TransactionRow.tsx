import { Avatar, Box, ListItemButton, Typography } from '@mui/material';
import SouthWestIcon from '@mui/icons-material/SouthWest';
import NorthEastIcon from '@mui/icons-material/NorthEast';
import { useNavigate } from 'react-router-dom';
import type { TransactionDto } from '@strongroom/shared';
import { Money } from './Money';
import { DateText } from './DateText';
import { StatusChip } from './StatusChip';

export function TransactionRow({ tx }: { tx: TransactionDto }) {
  const navigate = useNavigate();
  const credit = tx.type === 'credit';
  return (
    <ListItemButton onClick={() => navigate(`/transactions/${tx.reference}`)} sx={{ borderRadius: 2, gap: 2, py: 1.25 }} data-testid="transaction-row">
      <Avatar sx={{ bgcolor: credit ? 'success.light' : 'error.light', color: credit ? 'success.dark' : 'error.dark', width: 40, height: 40 }}>
        {credit ? <SouthWestIcon fontSize="small" /> : <NorthEastIcon fontSize="small" />}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography fontWeight={600} noWrap>
          {tx.description}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {tx.category} · <DateText value={tx.createdAt} />
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        <Typography fontWeight={700}>
          <Money amount={tx.amount} currency={tx.currency} type={tx.type} colored />
        </Typography>
        <StatusChip status={tx.status} />
      </Box>
    </ListItemButton>
  );
}
