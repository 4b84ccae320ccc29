import { Box, ListItemText, MenuItem, TextField } from '@mui/material';
import { formatMoney } from '@strongroom/shared';
import { ROLE_LABELS, isUsable, shortLabel, useAccounts } from './AccountsContext';

/** On a narrow bar the name gives way, never the last digits that tell the accounts apart. */
function ChosenAccount({ name, number }: { name: string; number: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', minWidth: 0 }}>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {name}
      </Box>
      <Box component="span" sx={{ flexShrink: 0, whiteSpace: 'pre' }}>
        {` · ${number.slice(-4)}`}
      </Box>
    </Box>
  );
}

/**
 * The account the pages act on, chosen in the top bar and kept in the URL (`?account=<id>`), so a reload or a shared
 * link keeps it. Shown only when there is more than one account to choose from.
 */
export function AccountSwitcher() {
  const { accounts, selected, select } = useAccounts();
  const usable = accounts.filter(isUsable);
  if (usable.length < 2 || !selected) return null;
  return (
    <TextField
      select
      size="small"
      label="Account"
      value={selected.id}
      onChange={(e) => select(e.target.value)}
      sx={{ minWidth: { xs: 140, sm: 240 }, maxWidth: { xs: '45vw', sm: 320 } }}
      slotProps={{ select: { renderValue: () => <ChosenAccount name={selected.name} number={selected.number} /> }, htmlInput: { 'data-testid': 'account-switcher' } }}
    >
      {usable.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          <ListItemText primary={shortLabel(a)} secondary={`${formatMoney(a.balance, a.currency)}${a.role === 'owner' ? '' : ` · ${ROLE_LABELS[a.role]}`}`} />
        </MenuItem>
      ))}
    </TextField>
  );
}
