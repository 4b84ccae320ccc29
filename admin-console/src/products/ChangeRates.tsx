import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { ArrayInput, DateInput, Form, SaveButton, SelectInput, SimpleFormIterator, TextInput, Title, useGetOne, useNotify, usePermissions, useRedirect } from 'react-admin';
import { DEPOSIT_TERMS_MONTHS, RATE_CHANGE_TERMS_MONTHS, rateChangeSchema, validationErrors, type RateChangeInput } from '@strongroom/shared';
import { api } from '../providers/api';
import { errorMessage, fieldErrors } from '../providers/http';
import { scheduleText, termLabel, type ProductRecord } from './rates';

type Errors = Record<string, unknown>;

/** The shared schema's flat messages ('tiers[1].from') as the nested shape the form's fields read them in. */
function nested(flat: Record<string, string>): Errors {
  const out: Errors = {};
  for (const [path, message] of Object.entries(flat)) {
    const item = /^tiers\[(\d+)\]\.(\w+)$/.exec(path);
    if (item) {
      const tiers = (Array.isArray(out.tiers) ? out.tiers : (out.tiers = [])) as Record<string, string>[];
      tiers[Number(item[1])] = { ...tiers[Number(item[1])], [item[2]]: message };
    } else if (!(path === 'tiers' && Array.isArray(out.tiers))) {
      out[path] = message;
    }
  }
  return out;
}

/** The form's values as the API takes them (trimmed text, the term a number). */
function bodyOf(values: Record<string, unknown>, product: string) {
  const tiers = ((values.tiers as { from?: unknown; ratePercent?: unknown }[] | undefined) ?? []).map((t) => ({
    from: String(t?.from ?? '').trim(),
    ratePercent: String(t?.ratePercent ?? '').trim(),
  }));
  const termMonths = product === 'fixed_deposit' ? Number(values.termMonths) : 0;
  // Checked by the shared schema before it is sent (validateFor) and by the server again.
  return {
    product: product as RateChangeInput['product'],
    termMonths: termMonths as (typeof RATE_CHANGE_TERMS_MONTHS)[number],
    effectiveFrom: String(values.effectiveFrom ?? ''),
    tiers,
    reason: String(values.reason ?? ''),
  };
}

function validateFor(product: string) {
  return (values: Record<string, unknown>) => {
    try {
      rateChangeSchema.validateSync(bodyOf(values, product), { abortEarly: false });
      return {};
    } catch (err) {
      return nested(validationErrors(err as Parameters<typeof validationErrors>[0]));
    }
  };
}

const today = () => new Date().toISOString().slice(0, 10);
const terms = DEPOSIT_TERMS_MONTHS.map((t) => ({ id: t, name: termLabel(t) }));

function defaultsOf(product: ProductRecord) {
  const deposit = product.code === 'fixed_deposit';
  const first = product.terms[0];
  return {
    termMonths: deposit ? (first?.termMonths ?? 3) : 0,
    effectiveFrom: today(),
    tiers: deposit ? [{ from: '0.00', ratePercent: first?.ratePercent ?? '' }] : product.tiers.map((t) => ({ from: t.from, ratePercent: t.ratePercent })),
    reason: '',
  };
}

/**
 * "Change rates": a new schedule (a term deposit term's one rate) from a date not before today in the bank's time
 * zone, with the reason kept in the history. Checked with the schema the server applies; admins only.
 */
export function ChangeRates() {
  const { id = '' } = useParams();
  const { permissions, isPending } = usePermissions();
  const { data: product } = useGetOne<ProductRecord & { id: string }>('products', { id });
  const notify = useNotify();
  const redirect = useRedirect();
  const [failure, setFailure] = useState('');
  if (isPending || !product) return null;
  const title = <Title title={`Change rates: ${product.name}`} />;
  if (permissions !== 'admin' || !product.interestBearing) {
    return (
      <Card sx={{ mt: 2 }}>
        {title}
        <CardContent>
          <Alert severity="info">{product.interestBearing ? 'Only admins can change rates. Auditors can read them and their history.' : `${product.name} earns no interest.`}</Alert>
        </CardContent>
      </Card>
    );
  }
  const deposit = product.code === 'fixed_deposit';
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      {title}
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {deposit
            ? 'A term’s new rate applies to deposits opened or renewed from the date; a running deposit keeps its rate until it matures.'
            : 'The new schedule applies to every savings account from the date: each tier’s rate on the part of a balance from its threshold, in the account’s currency.'}{' '}
          Rates are history: the change cannot be undone, only followed by another. The customers it affects are e-mailed.
        </Typography>
        <Typography sx={{ mb: 2 }}>Today: {deposit ? product.terms.map((t) => `${termLabel(t.termMonths)} ${t.ratePercent}%`).join(' · ') : scheduleText(product.tiers)}</Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure('')}>
            {failure}
          </Alert>
        )}
        <Form
          defaultValues={defaultsOf(product)}
          validate={validateFor(product.code)}
          onSubmit={async (values: Record<string, unknown>) => {
            setFailure('');
            try {
              const answer = await api.POST('/v1/admin/rate-changes', { body: bodyOf(values, product.code) });
              notify(answer.message ?? 'Rates changed', { type: 'success' });
              redirect('show', 'products', product.id);
            } catch (err) {
              setFailure(errorMessage(err));
              return nested(fieldErrors(err));
            }
          }}
        >
          {deposit && <SelectInput source="termMonths" label="Term" choices={terms} emptyText="" />}
          <DateInput source="effectiveFrom" label="Effective from" helperText="Not before today in the bank's time zone" />
          <ArrayInput source="tiers" label={deposit ? 'Rate' : 'Tiers'}>
            <SimpleFormIterator inline disableReordering disableAdd={deposit} disableRemove={deposit} disableClear>
              <TextInput source="from" label="From balance" helperText={deposit ? false : 'Where this rate starts; the first from 0.00'} disabled={deposit} />
              <TextInput source="ratePercent" label="Rate % a year" helperText="e.g. 2.10" />
            </SimpleFormIterator>
          </ArrayInput>
          <TextInput source="reason" label="Reason (kept in the history)" fullWidth multiline />
          <Box>
            <SaveButton label="Change rates" alwaysEnable />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
