import { Alert, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useApi } from '../../api/useApi';
import { useAuth } from '../../auth/AuthContext';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useTabParam } from '../../components/useTabParam';
import { BuyForm } from './BuyForm';
import { CryptoRequests } from './CryptoRequests';
import { Portfolio } from './Portfolio';
import { SellForm } from './SellForm';

const TABS = ['portfolio', 'buy', 'sell'] as const;
type TabName = (typeof TABS)[number];

/** /crypto?tab=portfolio|buy|sell: custody holdings, deposits ('buy') and withdrawals ('sell'), and every request's status. */
export default function CryptoPage() {
  const { user } = useAuth();
  const [tab, setTab] = useTabParam(TABS, 'portfolio');
  const wallet = useApi('/v1/crypto');
  const options = useApi('/v1/crypto/options');
  const requests = useApi('/v1/crypto/requests', { params: { query: { pageSize: 50 } } });
  const { reload: reloadWallet } = wallet;
  const { reload: reloadRequests } = requests;
  if (!user) return <FullScreenLoader />;

  /** After buying or selling the customer goes to /crypto, where the new request shows as pending. */
  const done = () => {
    reloadWallet();
    reloadRequests();
    setTab('portfolio');
  };
  const approved = user.status === 'approved';

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        Crypto Currency
      </Typography>
      <Tabs value={tab} onChange={(_e, v: TabName) => setTab(v)} aria-label="Crypto sections" variant="fullWidth" sx={{ maxWidth: 520 }}>
        <Tab value="portfolio" label="Portfolio" />
        <Tab value="buy" label="Buy" />
        <Tab value="sell" label="Sell" />
      </Tabs>
      {tab === 'portfolio' && <Portfolio data={wallet.data ?? null} loading={wallet.loading} error={wallet.error} onBuy={() => setTab('buy')} />}
      {tab !== 'portfolio' && !approved && <Alert severity="info">You can deposit and withdraw crypto once your account application is approved.</Alert>}
      {tab === 'buy' && approved && (options.error ? <Alert severity="error">{options.error.message}</Alert> : <BuyForm options={options.data?.cryptoOptions ?? []} onDone={done} />)}
      {tab === 'sell' && approved && (wallet.error ? <Alert severity="error">{wallet.error.message}</Alert> : <SellForm holdings={wallet.data?.cryptoAssets ?? []} onDone={done} />)}
      <Stack spacing={1.5} component="section" aria-labelledby="crypto-requests-heading">
        <Typography id="crypto-requests-heading" variant="h5" component="h2" fontWeight={700}>
          Your requests
        </Typography>
        <CryptoRequests items={requests.data?.items} loading={requests.loading} error={requests.error} />
      </Stack>
    </Stack>
  );
}
