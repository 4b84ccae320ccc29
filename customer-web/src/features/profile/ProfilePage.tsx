import { useEffect, useState } from 'react';
import { Avatar, Box, Button, Card, CardContent, FormControlLabel, Grid, Skeleton, Stack, Switch, Tab, Tabs, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { UPLOAD_MAX_BYTES, changePasswordSchema, formatDate, profileSchema, type NotificationPreferences, type UserDto } from '@strongroom/shared';
import { api } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { FormField, applyServerErrors } from '../../components/FormField';
import { UserAvatar } from '../../components/UserAvatar';

const TABS = ['personal', 'security', 'notifications'] as const;
type TabName = (typeof TABS)[number];
const PROFILE_FIELDS = ['firstName', 'middleName', 'lastName', 'email', 'phone', 'dob', 'address', 'city', 'state', 'zipcode', 'country', 'occupation'] as const;

function PersonalTab({ user }: { user: UserDto }) {
  const { setUser, refresh } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const initial = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, (user[f] as string | null) ?? ''])) as Record<(typeof PROFILE_FIELDS)[number], string>;

  if (!editing) {
    return (
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} alignItems="center">
          <UserAvatar firstName={user.firstName} lastName={user.lastName} image={user.image} size={72} />
          <Box>
            <Typography variant="h6" fontWeight={700}>{[user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ')}</Typography>
            <Typography color="text.secondary">Customer since {formatDate(user.createdAt)}</Typography>
          </Box>
        </Stack>
        <Grid container spacing={2}>
          {[
            ['Email', user.email],
            ['Phone', user.phone],
            ['Date of birth', user.dob],
            ['Address', user.address],
            ['City', user.city],
            ['State', user.state],
            ['Zip code', user.zipcode],
            ['Country', user.country],
            ['Occupation', user.occupation],
            ['Account number', user.accountNumber],
          ].map(([k, v]) => (
            <Grid key={k} size={{ xs: 12, sm: 6 }}>
              <Typography variant="caption" color="text.secondary">{k}</Typography>
              <Typography>{v || '—'}</Typography>
            </Grid>
          ))}
        </Grid>
        <Box><Button variant="contained" onClick={() => setEditing(true)}>Edit profile</Button></Box>
      </Stack>
    );
  }

  return (
    <Formik
      initialValues={initial}
      validationSchema={profileSchema}
      onSubmit={async (values, { setErrors }) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(values)) if (v !== '' || k !== 'middleName') form.append(k, v);
        if (image) form.append('image', image);
        try {
          const res = await api.put<{ user: UserDto; message: string }>('/user/profile', form);
          setUser(res.user);
          setEditing(false);
          setImage(null);
          enqueueSnackbar(res.message, { variant: 'success' });
          void refresh();
        } catch (err) {
          applyServerErrors(err, setErrors);
          enqueueSnackbar((err as Error).message, { variant: 'error' });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 3 }}>
            {image ? <Avatar src={URL.createObjectURL(image)} sx={{ width: 72, height: 72 }} /> : <UserAvatar firstName={user.firstName} lastName={user.lastName} image={user.image} size={72} />}
            <Button variant="outlined" component="label">
              Change picture
              <input
                hidden
                type="file"
                accept="image/*"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  // SPEC §5: a picked image must be an image of at most 5 MB, otherwise it is silently ignored.
                  if (file && file.type.startsWith('image/') && file.size <= UPLOAD_MAX_BYTES) setImage(file);
                }}
              />
            </Button>
          </Stack>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}><FormField name="firstName" label="First name" /></Grid>
            <Grid size={{ xs: 12, sm: 4 }}><FormField name="middleName" label="Middle name" /></Grid>
            <Grid size={{ xs: 12, sm: 4 }}><FormField name="lastName" label="Last name" /></Grid>
            <Grid size={{ xs: 12, sm: 6 }}><FormField name="email" label="Email" type="email" /></Grid>
            <Grid size={{ xs: 12, sm: 6 }}><FormField name="phone" label="Phone" /></Grid>
            <Grid size={{ xs: 12, sm: 6 }}><FormField name="dob" label="Date of birth" type="date" InputLabelProps={{ shrink: true }} /></Grid>
            <Grid size={{ xs: 12, sm: 6 }}><FormField name="occupation" label="Occupation" /></Grid>
            <Grid size={{ xs: 12 }}><FormField name="address" label="Address" /></Grid>
            <Grid size={{ xs: 12, sm: 3 }}><FormField name="city" label="City" /></Grid>
            <Grid size={{ xs: 12, sm: 3 }}><FormField name="state" label="State" /></Grid>
            <Grid size={{ xs: 12, sm: 3 }}><FormField name="zipcode" label="Zip code" /></Grid>
            <Grid size={{ xs: 12, sm: 3 }}><FormField name="country" label="Country" /></Grid>
          </Grid>
          <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>{isSubmitting ? 'Saving...' : 'Save changes'}</Button>
            <Button onClick={() => { setEditing(false); setImage(null); }}>Cancel</Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function SecurityTab() {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Formik
      initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
      validationSchema={changePasswordSchema}
      onSubmit={async (values, { resetForm, setErrors }) => {
        try {
          const res = await api.post<{ message: string }>('/auth/change-password', { currentPassword: values.currentPassword, newPassword: values.newPassword });
          enqueueSnackbar(res.message, { variant: 'success' });
          resetForm();
        } catch (err) {
          applyServerErrors(err, setErrors);
          enqueueSnackbar((err as Error).message, { variant: 'error' });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Typography variant="h6" fontWeight={700} gutterBottom>Change password</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>At least 8 characters with upper- and lower-case letters, a number and one of @$!%*?&. Your other sessions will be signed out.</Typography>
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            <FormField name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
            <FormField name="newPassword" label="New password" type="password" autoComplete="new-password" />
            <FormField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
            <Box><Button type="submit" variant="contained" disabled={isSubmitting}>{isSubmitting ? 'Saving...' : 'Change password'}</Button></Box>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

const PREF_LABELS: [keyof NotificationPreferences, string, string][] = [
  ['emailNotifications', 'E-mail notifications', 'Messages about your account by e-mail'],
  ['smsNotifications', 'SMS notifications', 'Text messages to your phone'],
  ['pushNotifications', 'Push notifications', 'Alerts on your devices'],
  ['marketingEmails', 'Marketing e-mails', 'News and offers from Strongroom'],
  ['securityAlerts', 'Security alerts', 'Password changes and new sign-ins'],
  ['transactionAlerts', 'Transaction alerts', 'Money in, money out, transfer updates'],
  ['lowBalanceAlerts', 'Low balance alerts', 'When your balance runs low'],
];

function NotificationsTab() {
  const { enqueueSnackbar } = useSnackbar();
  const [prefs, setPrefs] = useState<NotificationPreferences | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    api.get<{ preferences: NotificationPreferences }>('/user/notification-preferences').then((r) => setPrefs(r.preferences)).catch(() => enqueueSnackbar('Failed to update settings. Please try again.', { variant: 'error' }));
  }, [enqueueSnackbar]);
  if (!prefs) return <Skeleton variant="rounded" height={280} />;
  const save = async () => {
    setSaving(true);
    try {
      await api.put('/user/notification-preferences', prefs);
      enqueueSnackbar('Notification settings updated!', { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to update settings. Please try again.', { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack spacing={1}>
      {PREF_LABELS.map(([key, label, hint]) => (
        <FormControlLabel
          key={key}
          control={<Switch checked={prefs[key]} onChange={(e) => setPrefs({ ...prefs, [key]: e.target.checked })} inputProps={{ 'aria-label': label }} />}
          label={<Box><Typography>{label}</Typography><Typography variant="body2" color="text.secondary">{hint}</Typography></Box>}
          sx={{ alignItems: 'flex-start', py: 0.5 }}
        />
      ))}
      <Box sx={{ pt: 2 }}><Button variant="contained" onClick={save} disabled={saving}>{saving ? 'Saving...' : 'Save preferences'}</Button></Box>
    </Stack>
  );
}

export default function ProfilePage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.includes(params.get('tab') as TabName) ? params.get('tab') : 'personal') as TabName;
  if (!user) return null;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" fontWeight={800}>Profile</Typography>
      <Card>
        <Tabs value={tab} onChange={(_e, v: TabName) => setParams({ tab: v })} variant="scrollable" sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
          <Tab value="personal" label="Personal" />
          <Tab value="security" label="Security" />
          <Tab value="notifications" label="Notifications" />
        </Tabs>
        <CardContent sx={{ p: { xs: 2, md: 4 } }}>
          {tab === 'personal' && <PersonalTab user={user} />}
          {tab === 'security' && <SecurityTab />}
          {tab === 'notifications' && <NotificationsTab />}
        </CardContent>
      </Card>
    </Stack>
  );
}
