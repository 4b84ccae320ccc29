import { useState, type FormEvent } from 'react';
import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, IconButton, InputAdornment, TextField, Typography } from '@mui/material';
import ShieldIcon from '@mui/icons-material/Shield';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useLogin } from 'react-admin';

/** Staff sign-in with e-mail and password; the server's own message (wrong password, locked) is shown as is. */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError('Enter your e-mail and password');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login({ email: email.trim(), password });
    } catch (err) {
      setError((err as Error)?.message || 'Sign-in failed');
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, background: 'linear-gradient(135deg, #0b3d91, #072a66)' }}>
      <Card component="main" sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: '#0b3d91', mx: 'auto', mb: 1.5 }}>
              <ShieldIcon />
            </Avatar>
            <Typography component="h1" variant="h5" fontWeight={800}>
              Strongroom back office
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Staff sign-in. Every action is recorded in the audit log.
            </Typography>
          </Box>
          <form onSubmit={submit} noValidate>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }} role="alert">
                {error}
              </Alert>
            )}
            <TextField label="E-mail" type="email" autoComplete="username" autoFocus fullWidth margin="normal" value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
            <TextField
              label="Password"
              type={show ? 'text' : 'password'}
              autoComplete="current-password"
              fullWidth
              margin="normal"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={busy}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton aria-label={show ? 'Hide password' : 'Show password'} onClick={() => setShow((s) => !s)} edge="end">
                        {show ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button
              type="submit"
              variant="contained"
              fullWidth
              size="large"
              disabled={busy}
              sx={{ mt: 2 }}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Signing in" /> : undefined}
            >
              {busy ? 'Signing in...' : 'Sign in'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
