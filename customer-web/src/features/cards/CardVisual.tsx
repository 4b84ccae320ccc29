import { Box, Stack, Typography } from '@mui/material';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import BlockIcon from '@mui/icons-material/Block';
import { groupCardNumber, type CardDto, type CardType } from '@strongroom/shared';

/** Network marks drawn with SVG and text (no third-party artwork). */
export function NetworkLogo({ cardType }: { cardType: CardType }) {
  switch (cardType) {
    case 'visa':
      return (
        <Typography component="span" aria-label="Visa" sx={{ fontStyle: 'italic', fontWeight: 900, fontSize: 26, letterSpacing: 1, color: '#fff' }}>
          VISA
        </Typography>
      );
    case 'mastercard':
      return (
        <svg width="54" height="34" viewBox="0 0 54 34" role="img" aria-label="Mastercard">
          <circle cx="19" cy="17" r="15" fill="#EB001B" />
          <circle cx="35" cy="17" r="15" fill="#F79E1B" fillOpacity="0.9" />
          <path d="M27 4.6a15 15 0 0 1 0 24.8a15 15 0 0 1 0-24.8z" fill="#FF5F00" />
        </svg>
      );
    case 'american_express':
      return (
        <Box
          role="img"
          aria-label="American Express"
          sx={{ bgcolor: '#fff', color: '#1F72CD', px: 0.75, py: 0.25, borderRadius: 0.5, fontWeight: 900, fontSize: 12, lineHeight: 1.1, textAlign: 'center' }}
        >
          AMERICAN
          <br />
          EXPRESS
        </Box>
      );
    case 'discover':
      return (
        <Stack direction="row" alignItems="center" role="img" aria-label="Discover" sx={{ color: '#fff', fontWeight: 800, fontSize: 18, letterSpacing: 0.5 }}>
          DISC
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <circle cx="8" cy="8" r="7" fill="#F58220" />
          </svg>
          VER
        </Stack>
      );
  }
}

const BACKGROUNDS: Record<CardType, string> = {
  visa: 'linear-gradient(135deg, #1a1f71 0%, #2b4aa8 100%)',
  mastercard: 'linear-gradient(135deg, #222 0%, #4a4a4a 100%)',
  american_express: 'linear-gradient(135deg, #1f72cd 0%, #4fa3e6 100%)',
  discover: 'linear-gradient(135deg, #3a2a1a 0%, #7a4a1a 100%)',
};

const masked = (last4: string | null, cardType: CardType) => {
  const groups = cardType === 'american_express' ? ['••••', '••••', '•••'] : ['••••', '••••', '••••'];
  return [...groups, last4 ?? '••••'].join(' ');
};

/**
 * The card as printed: network mark, number grouped in fours (last 4 only until revealed), holder, MM/YY and,
 * when revealed, the CVV. Frozen and blocked cards are drawn greyed with the state written on them, between the
 * network row and the number (over the number it hid the last four digits the customer knows the card by).
 */
export function CardVisual({ card, revealed }: { card: CardDto; revealed?: { cardNumber: string; expiry: string; cvv: string } | null }) {
  const frozen = card.frozen || card.frozenByAccount;
  const blocked = card.status === 'blocked';
  const inactive = frozen || blocked || card.status !== 'active';
  const state = blocked ? 'Blocked' : frozen ? 'Frozen' : card.status === 'active' ? null : card.status === 'rejected' ? 'Not approved' : 'Awaiting approval';
  return (
    <Box
      data-testid={`card-visual-${card.id}`}
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: 380,
        aspectRatio: '1.586',
        borderRadius: 3,
        p: { xs: 2, sm: 2.5 },
        color: '#fff',
        background: BACKGROUNDS[card.cardType],
        filter: inactive ? 'grayscale(0.9)' : undefined,
        opacity: inactive ? 0.85 : 1,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        boxShadow: 3,
        overflow: 'hidden',
      }}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start">
        <Typography fontWeight={700} sx={{ opacity: 0.9 }}>
          Strongroom
        </Typography>
        <NetworkLogo cardType={card.cardType} />
      </Stack>
      <Typography data-testid="card-number" sx={{ fontFamily: 'monospace', fontSize: { xs: 17, sm: 21 }, letterSpacing: 1.5, whiteSpace: 'nowrap' }}>
        {revealed ? groupCardNumber(revealed.cardNumber) : masked(card.last4, card.cardType)}
      </Typography>
      <Stack direction="row" justifyContent="space-between" alignItems="flex-end" spacing={1}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" sx={{ opacity: 0.8, display: 'block' }}>
            Card holder
          </Typography>
          <Typography fontWeight={600} noWrap sx={{ textTransform: 'uppercase' }}>
            {card.holderName}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="caption" sx={{ opacity: 0.8, display: 'block' }}>
            Expires
          </Typography>
          <Typography fontWeight={600} data-testid="card-expiry">
            {revealed?.expiry ?? card.expiry ?? '--/--'}
          </Typography>
        </Box>
        {revealed && (
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="caption" sx={{ opacity: 0.8, display: 'block' }}>
              CVV
            </Typography>
            <Typography fontWeight={600} data-testid="card-cvv">
              {revealed.cvv}
            </Typography>
          </Box>
        )}
      </Stack>
      {state && (
        <Stack
          direction="row"
          spacing={1}
          alignItems="center"
          data-testid="card-state"
          sx={{
            position: 'absolute',
            top: '30%',
            left: '50%',
            transform: 'translate(-50%, -50%)',
            bgcolor: 'rgba(0,0,0,0.72)',
            px: { xs: 1.5, sm: 2 },
            py: { xs: 0.25, sm: 0.75 },
            borderRadius: 2,
            whiteSpace: 'nowrap',
          }}
        >
          {blocked ? <BlockIcon fontSize="small" /> : frozen ? <AcUnitIcon fontSize="small" /> : null}
          <Typography fontWeight={700} sx={{ fontSize: { xs: 14, sm: 16 } }}>
            {state}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
