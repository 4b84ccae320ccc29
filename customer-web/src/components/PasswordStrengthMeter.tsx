import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useField, useFormikContext } from 'formik';
import { PasswordField } from './PasswordField';
import { PASSWORD_LONG_LENGTH, PASSWORD_MIN_SCORE, passwordDictionariesLoaded, passwordScore, passwordStrongEnough, setPasswordDictionaries } from '@strongroom/shared';

/** The common-password dictionaries (~400 KB) are fetched only where a password is chosen; true once they are in. */
function usePasswordDictionaries(): boolean {
  const [loaded, setLoaded] = useState(passwordDictionariesLoaded);
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    void import('@zxcvbn-ts/language-common').then((common) => {
      setPasswordDictionaries(common);
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

/**
 * How guessable a new password is (the same estimate the server's policy uses): 12 or more characters, or a
 * score of at least 3, is accepted.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const dictionariesLoaded = usePasswordDictionaries();
  // The estimate is worth a few milliseconds: only when the password (or the dictionaries) change, not on every render.
  const { score, accepted } = useMemo(
    () => ({ score: password ? passwordScore(password) : 0, accepted: !!password && passwordStrongEnough(password) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [password, dictionariesLoaded],
  );
  if (!password) return null;
  const hint = accepted ? 'Good: this password meets our policy.' : `Use ${PASSWORD_LONG_LENGTH} or more characters, or make it harder to guess (strength ${PASSWORD_MIN_SCORE} of 4).`;
  return (
    <Box data-testid="password-strength" aria-live="polite">
      <LinearProgress variant="determinate" value={((score + 1) / 5) * 100} color={COLORS[score]} aria-label={`Password strength: ${LABELS[score]}`} sx={{ height: 6, borderRadius: 3 }} />
      <Typography variant="caption" color={accepted ? 'success.main' : 'text.secondary'}>
        Strength: {LABELS[score]}. {hint}
      </Typography>
    </Box>
  );
}

/** A formik field for a password being set, with the strength meter under it. */
export function NewPasswordField({ name, label }: { name: string; label: string }) {
  const [field, meta] = useField<string>(name);
  const { validateField } = useFormikContext();
  const dictionariesLoaded = usePasswordDictionaries();
  // A password judged before the dictionaries arrived is judged again with them.
  useEffect(() => {
    if (dictionariesLoaded && meta.touched) void validateField(name);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dictionariesLoaded]);
  return (
    <Stack spacing={1}>
      <PasswordField name={name} label={label} autoComplete="new-password" />
      <PasswordStrengthMeter password={field.value ?? ''} />
    </Stack>
  );
}
