import { Box, ListItemText, MenuItem, TextField } from '@mui/material';
import { formatMoney } from '@strongroom/shared';
import type { AccountDto } from './accounts-api';
import type { AccountChoice } from './account-uses';

/** "•••• 0042": enough of the number to tell accounts apart, not the whole of it. */
export const maskedNumber = (number: string) => `•••• ${number.slice(-4)}`;

/** "EUR · €120.00 available": what the account can pay, in its own currency. */
const availableLine = (a: AccountDto) => `${a.currency} · ${formatMoney(a.availableBalance, a.currency)} available`;

function AccountLines({ account }: { account: AccountDto }) {
  return (
    <ListItemText
      sx={{ my: 0 }}
      primary={`${account.name} ${maskedNumber(account.number)}`}
      secondary={availableLine(account)}
      slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
    />
  );
}

/**
 * The account a money form pays from ("From account") or pays into ("Into account"), listing only those the customer
 * may use for it (account-uses.ts). Not shown when there is one such account or none: the form then reads as it did
 * before customers held several accounts, and the server uses that account.
 */
export function AccountSelect({ choice, label = 'From account', onChosen }: { choice: AccountChoice; label?: string; onChosen?(account: AccountDto): void }) {
  const { options, account, choose } = choice;
  if (options.length < 2 || !account) return null;
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={account.id}
      onChange={(e) => {
        choose(e.target.value);
        const next = options.find((a) => a.id === e.target.value);
        if (next) onChosen?.(next);
      }}
      slotProps={{
        select: { renderValue: () => <AccountLines account={account} /> },
        htmlInput: { 'data-testid': 'account-select' },
      }}
    >
      {options.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          <Box sx={{ minWidth: 0 }}>
            <AccountLines account={a} />
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
