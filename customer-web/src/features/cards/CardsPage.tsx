import { useEffect } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import AddCardIcon from '@mui/icons-material/AddCard';
import type { CardDto } from '@strongroom/shared';
import { useApi } from '../../api/useApi';
import { useAuth } from '../../auth/AuthContext';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useTabParam } from '../../components/useTabParam';
import { FREEZE_CHANGED_EVENT, FreezeEverythingButton } from '../freeze/FreezeEverything';
import { ApplyCardForm } from './ApplyCardForm';
import { CardPanel } from './CardPanel';

const TABS = ['manage', 'add'] as const;
type TabName = (typeof TABS)[number];

function ManageCards({ onAdd }: { onAdd(): void }) {
  const { data, error, loading, reload, setData } = useApi('/v1/card');
  // A card as a write answered it replaces the listed one at once; the reload after it brings the rest (holds, activity).
  const changed = (updated?: CardDto) => {
    if (updated) setData((listed) => listed && { ...listed, cards: listed.cards.map((card) => (card.id === updated.id ? updated : card)) });
    reload();
  };
  useEffect(() => {
    window.addEventListener(FREEZE_CHANGED_EVENT, reload);
    return () => window.removeEventListener(FREEZE_CHANGED_EVENT, reload);
  }, [reload]);
  if (loading && !data)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading cards" />
      </Box>
    );
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const cards = data?.cards ?? [];
  if (cards.length === 0) {
    return (
      <Stack spacing={2} alignItems="flex-start" data-testid="cards-empty">
        <Typography>You have no cards yet. Apply for one: it takes two minutes.</Typography>
        <Button variant="contained" startIcon={<AddCardIcon />} onClick={onAdd}>
          Add card
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      {cards.map((card) => (
        <CardPanel key={`${card.id}-${card.status}-${card.frozen}-${card.frozenByAccount}-${card.balanceOwed}-${card.holds}`} card={card} onChanged={changed} />
      ))}
    </Stack>
  );
}

/** /cards: manage (default) the customer's cards, or add (apply for) one. */
export default function CardsPage() {
  const { user } = useAuth();
  const [tab, setTab] = useTabParam(TABS, 'manage');
  if (!user) return <FullScreenLoader />;
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ xs: 'flex-start', sm: 'center' }} spacing={1}>
        <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          Cards
        </Typography>
        <FreezeEverythingButton />
      </Stack>
      <Tabs value={tab} onChange={(_e, v: TabName) => setTab(v)} aria-label="Cards sections">
        <Tab value="manage" label="My cards" />
        <Tab value="add" label="Add card" />
      </Tabs>
      {tab === 'manage' ? (
        <ManageCards onAdd={() => setTab('add')} />
      ) : user.status === 'approved' ? (
        <ApplyCardForm user={user} />
      ) : (
        <Alert severity="info">You can apply for a card once your account application is approved.</Alert>
      )}
    </Stack>
  );
}
