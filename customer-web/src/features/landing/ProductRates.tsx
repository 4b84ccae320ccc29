import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useApi } from '../../api/useApi';
import { nextChangeWords, tierLines, thresholdWords } from './product-rates';

/** The rates in force today for savings and term deposits, from the published catalogue. */
export function ProductRates() {
  const { data, error } = useApi('/v1/products');
  if (error || !data) return null;
  const savings = data.items.find((p) => p.code === 'savings');
  const deposits = data.items.find((p) => p.code === 'fixed_deposit');
  return (
    <Grid container spacing={3} sx={{ mt: 1 }} data-testid="product-rates">
      {savings && savings.tiers.length > 0 && (
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h3" fontWeight={700} gutterBottom>
                Savings account
              </Typography>
              <Typography variant="h3" component="p" fontWeight={800} color="primary">
                {savings.tiers[savings.tiers.length - 1].ratePercent}%
              </Typography>
              <Stack component="ul" sx={{ pl: 2.5, my: 1 }}>
                {tierLines(savings.tiers).map((line) => (
                  <Typography component="li" key={line} color="text.secondary">
                    {line}
                  </Typography>
                ))}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                Interest is worked out every day and paid monthly, in your account&apos;s currency.
              </Typography>
              {nextChangeWords(savings) && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {nextChangeWords(savings)}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      )}
      {deposits && deposits.terms.length > 0 && (
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h3" fontWeight={700} gutterBottom>
                Term deposits
              </Typography>
              <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', '& td, & th': { py: 0.5, textAlign: 'left' } }}>
                <thead>
                  <tr>
                    <th scope="col">Term</th>
                    <th scope="col">Rate a year</th>
                  </tr>
                </thead>
                <tbody>
                  {deposits.terms.map((term) => (
                    <tr key={term.termMonths}>
                      <td>{term.termMonths} months</td>
                      <td>
                        <strong>{term.ratePercent}%</strong>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                The rate is fixed for the whole term. From {thresholdWords(deposits.minimumOpeningAmount)}; withdrawing early gives up the last {deposits.forfeitDays} days&apos; interest.
              </Typography>
              {nextChangeWords(deposits) && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {nextChangeWords(deposits)}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      )}
    </Grid>
  );
}
