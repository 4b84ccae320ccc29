import { useEffect, useState } from 'react';
import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Title, useDataProvider } from 'react-admin';
import type { StrongroomDataProvider } from '../providers/data-provider';
import { errorMessage } from '../providers/http';

interface Queue {
  resource: string;
  label: string;
  pending: number;
}

/** The review queue at a glance: how many requests wait for a decision in each queue, each linking to its list. */
export function Dashboard() {
  const dataProvider = useDataProvider<StrongroomDataProvider>();
  const [queues, setQueues] = useState<Queue[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    dataProvider.reviewQueue().then(setQueues, (err: unknown) => setError(errorMessage(err)));
  }, [dataProvider]);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Review queue" />
      <Typography variant="h5" component="h2" fontWeight={700} sx={{ mb: 2 }}>
        Waiting for a decision
      </Typography>
      {error && <Typography color="error">{error}</Typography>}
      {!queues && !error && <Typography color="text.secondary">Loading...</Typography>}
      <Grid container spacing={2}>
        {queues?.map((queue) => (
          <Grid key={queue.resource + queue.label} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card>
              <CardActionArea href={`#/${queue.resource}`}>
                <CardContent>
                  <Typography color="text.secondary">{queue.label}</Typography>
                  <Typography variant="h3" component="p" fontWeight={800} data-testid={`queue-${queue.resource}`}>
                    {queue.pending}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {queue.pending === 1 ? 'request waits' : 'requests wait'}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
