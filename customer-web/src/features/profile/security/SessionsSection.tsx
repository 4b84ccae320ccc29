import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { formatLongDate } from '@strongroom/shared';
import { api } from '../../../api/client';

interface SessionView {
  id: string;
  device: string;
  ip: string | null;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
  active: boolean;
}

/** Where the account is signed in now, and the recent sign-ins; sign one out, or every other one. */
export function SessionsSection() {
  const { enqueueSnackbar } = useSnackbar();
  const [data, setData] = useState<{ sessions: SessionView[]; history: SessionView[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const { sessions, history } = await api.GET('/v1/auth/sessions');
    setData({ sessions, history });
  }, []);
  useEffect(() => {
    load().catch((err: Error) => setError(err.message));
  }, [load]);

  const act = async (call: () => Promise<{ message: string }>) => {
    try {
      const res = await call();
      enqueueSnackbar(res.message, { variant: 'success' });
      await load();
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
    }
  };

  const others = data?.sessions.filter((s) => !s.current) ?? [];
  return (
    <Box component="section" aria-label="Where you are signed in">
      <Typography variant="h6" component="h2" fontWeight={700} gutterBottom>
        Where you are signed in
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {data && (
        <>
          <List aria-label="Active sessions" sx={{ maxWidth: 640 }}>
            {data.sessions.map((s) => (
              <ListItem
                key={s.id}
                divider
                secondaryAction={
                  s.current ? (
                    <Chip label="This device" color="primary" size="small" />
                  ) : (
                    <Button onClick={() => act(() => api.DELETE('/v1/auth/sessions/{id}', { params: { path: { id: s.id } } }))} aria-label={`Sign out ${s.device}`}>
                      Sign out
                    </Button>
                  )
                }
              >
                <ListItemText primary={s.device} secondary={`IP ${s.ip ?? 'unknown'} · signed in ${formatLongDate(s.startedAt)} · last seen ${formatLongDate(s.lastSeenAt)}`} sx={{ pr: 12 }} />
              </ListItem>
            ))}
          </List>
          <Button variant="outlined" color="error" disabled={others.length === 0} onClick={() => act(() => api.POST('/v1/auth/sessions/sign-out-others'))}>
            Sign out everywhere else
          </Button>
          <Typography variant="subtitle1" component="h3" fontWeight={700} sx={{ mt: 3 }}>
            Recent sign-ins
          </Typography>
          <List dense aria-label="Sign-in history" sx={{ maxWidth: 640 }}>
            {data.history.map((s) => (
              <ListItem key={s.id} divider>
                <ListItemText primary={`${s.device} · ${formatLongDate(s.startedAt)}`} secondary={`IP ${s.ip ?? 'unknown'} · ${s.active ? 'active' : 'ended'}`} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
