import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Avatar, Box, Button, Card, CardContent, Divider, FormControlLabel, Grid, MenuItem, Skeleton, Stack, Switch, Tab, Tabs, Typography } from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import { useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { OCCUPATIONS, UPLOAD_MAX_BYTES, formatCalendarDate, formatDate, profileSchema, type NotificationPreferences, type UserDto } from '@strongroom/shared';
import { api, formBody } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { FormField, applyServerErrors } from '../../components/FormField';
import { SecurityTab } from './security/SecurityTab';
import { UserAvatar } from '../../components/UserAvatar';
import { accountTypeLabel } from '../../components/BalanceCard';
import { useCountries, type Region } from '../regions/regions';
import { ResidenceFields } from '../regions/RegionFields';

const TABS = ['personal', 'security', 'notifications'] as const;
type TabName = (typeof TABS)[number];
const PROFILE_FIELDS = ['firstName', 'middleName', 'lastName', 'email', 'phone', 'dob', 'address', 'city', 'state', 'zipcode', 'country', 'occupation'] as const;
type ProfileValues = Record<(typeof PROFILE_FIELDS)[number], string>;

const REGION_NAMES = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

function countryName(code: string | null | undefined, countries: Region[]): string {
  if (!code) return '';
  try {
    return countries.find((c) => c.isoCode === code)?.name ?? REGION_NAMES?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A picked profile image must be image/* and at most 5 MB, otherwise it is silently ignored. */
export function acceptableProfileImage(file: File | undefined | null): file is File {
  return !!file && file.type.startsWith('image/') && file.size <= UPLOAD_MAX_BYTES;
}

function OccupationField() {
  const { values } = useFormikContext<ProfileValues>();
  const options: string[] = [...OCCUPATIONS];
  if (values.occupation && !options.includes(values.occupation)) options.push(values.occupation);
  return (
    <FormField name="occupation" label="Occupation" select>
      {/* The server keeps an occupation once given, so 'not given' is only offered while there is none. */}
      {!values.occupation && (
        <MenuItem value="">
          <em>Not given</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </FormField>
  );
}

function ProfileDetails({ user }: { user: UserDto }) {
  const countries = useCountries();
  const rows: [string, string | null | undefined][] = [
    ['Email', user.email],
    ['Phone', user.phone],
    ['Date of birth', formatCalendarDate(user.dob)],
    ['Occupation', user.occupation],
    ['Address', user.address],
    ['City', user.city],
    ['State/Province', user.state],
    ['Zip/Postal code', user.zipcode],
    ['Country', countryName(user.country, countries)],
    ['Account', `${accountTypeLabel(user.accountType)} Account · ${user.currency}`],
    ['Account number', user.accountNumber],
  ];
  return (
    <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
      {rows.map(([k, v]) => (
        <Grid key={k} size={{ xs: 12, sm: 6 }}>
          <Typography variant="caption" color="text.secondary" component="dt">
            {k}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {v || '—'}
          </Typography>
        </Grid>
      ))}
    </Grid>
  );
}

function PersonalTab({ user }: { user: UserDto }) {
  const { setUser, refresh } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const fullName = [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ');

  if (!editing) {
    return (
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} alignItems="center">
          <UserAvatar firstName={user.firstName} lastName={user.lastName} image={user.image} size={72} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" fontWeight={700} sx={{ overflowWrap: 'anywhere' }}>
              {fullName}
            </Typography>
            <Typography color="text.secondary">Customer since {formatDate(user.createdAt)}</Typography>
          </Box>
        </Stack>
        <ProfileDetails user={user} />
        <Box>
          <Button variant="contained" onClick={() => setEditing(true)}>
            Edit profile
          </Button>
        </Box>
      </Stack>
    );
  }

  const initial = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, (user[f] as string | null) ?? ''])) as ProfileValues;
  return (
    <Formik
      initialValues={initial}
      validationSchema={profileSchema}
      onSubmit={async (values, { setErrors, setTouched }) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(values)) if (v !== '' || (k !== 'middleName' && k !== 'occupation')) form.append(k, v.trim());
        if (image) form.append('image', image);
        try {
          const res = await api.PUT('/v1/user/profile', { body: formBody(form) });
          setUser(res.user);
          setEditing(false);
          setImage(null);
          enqueueSnackbar(res.message, { variant: 'success' });
          void refresh(); // the session is re-checked after a profile update
        } catch (err) {
          applyServerErrors(err, setErrors, setTouched);
          enqueueSnackbar((err as Error).message, { variant: 'error' });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Edit profile">
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 3 }}>
            {preview ? <Avatar src={preview} alt="New picture" sx={{ width: 72, height: 72 }} /> : <UserAvatar firstName={user.firstName} lastName={user.lastName} image={user.image} size={72} />}
            <Box>
              <Button variant="outlined" component="label">
                Change picture
                <input
                  hidden
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  data-testid="profile-image-input"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (acceptableProfileImage(file)) setImage(file);
                    e.target.value = '';
                  }}
                />
              </Button>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {image ? `${image.name} will be saved with your changes` : 'JPG, PNG or WEBP, up to 5 MB'}
              </Typography>
            </Box>
          </Stack>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormField name="firstName" label="First name" autoComplete="given-name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormField name="middleName" label="Middle name (optional)" autoComplete="additional-name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormField name="lastName" label="Last name" autoComplete="family-name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField name="email" label="Email" type="email" autoComplete="email" disabled helperText="Change it under Security" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField name="phone" label="Phone" type="tel" autoComplete="tel" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField name="dob" label="Date of birth" type="date" InputLabelProps={{ shrink: true }} autoComplete="bday" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <OccupationField />
            </Grid>
            <ResidenceFields addressLabel="Address" />
          </Grid>
          <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save changes'}
            </Button>
            <Button
              disabled={isSubmitting}
              onClick={() => {
                setEditing(false);
                setImage(null);
              }}
            >
              Cancel
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

type PrefRow = [keyof NotificationPreferences, string, string];
const PREF_GROUPS: { title: string; rows: PrefRow[] }[] = [
  {
    title: 'How we reach you',
    rows: [
      ['emailNotifications', 'E-mail notifications', 'Messages about your account by e-mail'],
      ['smsNotifications', 'SMS notifications', "We don't send text messages yet; we will use this choice when we do"],
      ['pushNotifications', 'Push notifications', "We don't have a mobile app yet; we will use this choice when we do"],
    ],
  },
  {
    title: 'Alerts',
    rows: [
      ['securityAlerts', 'Security alerts', 'Password changes and other account security events'],
      ['transactionAlerts', 'Transaction alerts', 'Money in, money out and transfer updates'],
      ['lowBalanceAlerts', 'Low balance alerts', 'When your balance runs low'],
    ],
  },
  { title: 'News', rows: [['marketingEmails', 'Marketing e-mails', 'News and offers from Strongroom']] },
];

function NotificationsTab() {
  const { user, setUser } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const [prefs, setPrefs] = useState<NotificationPreferences | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    setLoadError(null);
    api
      .GET('/v1/user/notification-preferences')
      .then((r) => setPrefs(r.preferences))
      .catch((e: Error) => setLoadError(e.message));
  }, []);
  useEffect(load, [load]);

  if (loadError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={load}>
            Retry
          </Button>
        }
      >
        We could not load your notification settings: {loadError}
      </Alert>
    );
  }
  if (!prefs) return <Skeleton variant="rounded" height={320} />;

  const save = async () => {
    setSaving(true);
    try {
      // Saved on the server and honoured by the mailer (docs/decisions/0010-notification-preferences.md), all seven flags at once; no artificial delay.
      const { preferences } = await api.PUT('/v1/user/notification-preferences', { body: prefs });
      if (user)
        setUser({
          ...user,
          notificationPreferences: preferences,
          preference: { email: preferences.emailNotifications, sms: preferences.smsNotifications, push: preferences.pushNotifications },
        });
      enqueueSnackbar('Notification settings updated!', { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to update settings. Please try again.', { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack spacing={2}>
      {PREF_GROUPS.map((group, i) => (
        <Box key={group.title}>
          {i > 0 && <Divider sx={{ mb: 2 }} />}
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ mb: 1, p: 0, textTransform: 'uppercase', letterSpacing: 0.6 }}>
              {group.title}
            </Typography>
            <Stack spacing={1}>
              {group.rows.map(([key, label, hint]) => (
                <FormControlLabel
                  key={key}
                  control={<Switch checked={prefs[key]} onChange={(e) => setPrefs({ ...prefs, [key]: e.target.checked })} inputProps={{ 'aria-label': label }} />}
                  label={
                    <Box>
                      <Typography>{label}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {hint}
                      </Typography>
                    </Box>
                  }
                  sx={{ alignItems: 'flex-start', py: 0.5, mr: 0, '& .MuiSwitch-root': { mt: -0.5 } }}
                />
              ))}
            </Stack>
          </Box>
        </Box>
      ))}
      <Box sx={{ pt: 1 }}>
        <Button variant="contained" onClick={save} disabled={saving}>
          {saving ? 'Saving...' : 'Save preferences'}
        </Button>
      </Box>
    </Stack>
  );
}

export default function ProfilePage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab: TabName = TABS.includes(params.get('tab') as TabName) ? (params.get('tab') as TabName) : 'personal';
  if (!user) return null;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        Profile
      </Typography>
      <Card>
        <Tabs
          value={tab}
          onChange={(_e, v: TabName) =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              next.set('tab', v);
              return next;
            })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Profile sections"
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 2 } }}
        >
          <Tab value="personal" label="Personal" id="profile-tab-personal" aria-controls="profile-panel" />
          <Tab value="security" label="Security" id="profile-tab-security" aria-controls="profile-panel" />
          <Tab value="notifications" label="Notifications" id="profile-tab-notifications" aria-controls="profile-panel" />
        </Tabs>
        <CardContent id="profile-panel" role="tabpanel" aria-labelledby={`profile-tab-${tab}`} sx={{ p: { xs: 2, md: 4 } }}>
          {tab === 'personal' && <PersonalTab user={user} />}
          {tab === 'security' && <SecurityTab />}
          {tab === 'notifications' && <NotificationsTab />}
        </CardContent>
      </Card>
    </Stack>
  );
}
