import { Alert, Box, Button, Card, CardContent, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { formatMoney, parseAmountToMinor, type CryptoHoldingDto, type CryptoPortfolioDto } from '@strongroom/shared';
import { useCountUp } from '../../components/BalanceCard';
import { AssetIcon } from './AssetIcon';

function CountUpMoney({ amount, currency, testId }: { amount: string; currency: string; testId: string }) {
  const shown = useCountUp(parseAmountToMinor(amount, currency));
  return (
    <Box component="span" data-testid={testId} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(shown, currency)}
    </Box>
  );
}

function AssetCard({ asset }: { asset: CryptoHoldingDto }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`asset-${asset.symbol}`}>
      <CardContent>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <AssetIcon symbol={asset.symbol} />
          <Box sx={{ minWidth: 0 }}>
            <Typography fontWeight={700} component="h3">
              {asset.crypto}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {asset.network}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="h6" component="p" fontWeight={800} sx={{ mt: 1.5, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
          {asset.value !== null ? formatMoney(asset.value, asset.currency) : formatMoney(asset.valueUsd, 'USD')}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {asset.available} {asset.symbol} available
          {asset.reserved !== '0' && ` · ${asset.reserved} ${asset.symbol} reserved for withdrawals`}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatMoney(asset.valueUsd, 'USD')} at {formatMoney(asset.referencePriceUsd, 'USD')} per {asset.symbol} (reference price)
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Total value (count-up, USD and the account currency), how many assets, and one card per holding. */
export function Portfolio({ data, loading, error, onBuy }: { data: CryptoPortfolioDto | null; loading: boolean; error: Error | null; onBuy(): void }) {
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (loading && !data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading your assets" />
      </Box>
    );
  }
  if (!data) return null;
  const showAccountCurrency = data.currency !== 'USD' && data.totalValue !== null;
  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card sx={{ background: 'linear-gradient(135deg, #0b3d91, #072a66)', color: '#fff', height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Typography sx={{ opacity: 0.9 }}>Total Portfolio Value</Typography>
              <Typography variant="h3" component="p" fontWeight={800} sx={{ my: 1, fontSize: { xs: '2rem', sm: '2.6rem' }, overflowWrap: 'anywhere' }}>
                <CountUpMoney amount={data.totalValueUsd} currency="USD" testId="portfolio-total-usd" />
              </Typography>
              {showAccountCurrency && (
                <Typography sx={{ opacity: 0.9 }}>
                  ≈ <CountUpMoney amount={data.totalValue!} currency={data.currency} testId="portfolio-total-account" /> in your account currency (1 USD = {data.rate} {data.currency})
                </Typography>
              )}
              {data.currency !== 'USD' && data.totalValue === null && <Typography sx={{ opacity: 0.9 }}>No {data.currency} rate is on file: values are shown in USD.</Typography>}
              <Typography variant="caption" sx={{ opacity: 0.85, display: 'block', mt: 1 }}>
                Units you hold x the reference price Strongroom sets per asset. Not a live market quote.
              </Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Typography color="text.secondary">Total Holdings</Typography>
              <Typography variant="h3" component="p" fontWeight={800} sx={{ my: 1 }} data-testid="portfolio-holdings">
                {data.holdings}
              </Typography>
              <Button variant="contained" startIcon={<AddIcon />} onClick={onBuy}>
                Buy Asset
              </Button>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Box component="section" aria-labelledby="assets-heading">
        <Typography id="assets-heading" variant="h5" component="h2" fontWeight={700} sx={{ mb: 1.5 }}>
          Assets
        </Typography>
        {data.cryptoAssets.length === 0 ? (
          <Typography color="text.secondary" data-testid="no-assets">
            No assets found
          </Typography>
        ) : (
          <Grid container spacing={2}>
            {data.cryptoAssets.map((asset) => (
              <Grid key={asset.symbol} size={{ xs: 12, sm: 6, lg: 4 }}>
                <AssetCard asset={asset} />
              </Grid>
            ))}
          </Grid>
        )}
      </Box>
    </Stack>
  );
}
