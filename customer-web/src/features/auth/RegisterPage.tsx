import { useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import { PASSPORT_MISSING_MESSAGE, PROOF_OF_ADDRESS_MISSING_MESSAGE } from '@strongroom/shared';
import { api, ApiError, formBody } from '../../api/client';
import { AuthLayout } from '../../components/public/AuthLayout';
import { useCountries } from '../regions/regions';
import { STORE_KEY, readStore, reviewRows, type Part, type Secrets, type Stored } from './enrolment-store';
import { ACCOUNT_FIELDS, AccountStep, EMPLOYMENT_FIELDS, EmploymentStep, EnrolmentProgress, PERSONAL_FIELDS, PersonalStep, ReviewStep, SubmittedDialog } from './RegisterSteps';

/** The application as the API takes it: every field given, the passport (the API's `image`) and the proof of address. */
function applicationForm(fields: Record<string, string | undefined>, passport: File, proofOfAddress: File): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== '' && v !== undefined) form.append(k, v);
  form.append('image', passport);
  form.append('proofOfAddress', proofOfAddress);
  return form;
}

/** The first step with a field the server refused, to go back to. */
function stepOfErrors(errors: Record<string, string>): number | undefined {
  const fields = Object.keys(errors);
  const index = [PERSONAL_FIELDS, EMPLOYMENT_FIELDS, ACCOUNT_FIELDS].findIndex((step) => fields.some((f) => step.includes(f)));
  return index === -1 ? undefined : index;
}

/** Each step's form as it opens: what was saved, and the secrets and photos this page still holds. */
function initialValues(stored: Stored, secrets: Secrets | null, passport: File | null, proofOfAddress: File | null) {
  const personalInitial: Part = { firstName: '', middleName: '', lastName: '', dob: '', country: '', state: '', city: '', zipcode: '', phone: '', email: '', address: '', ...stored.personal };
  const employmentInitial: Part = { occupation: '', incomeRange: '', ...stored.employment };
  // undefined, not null, when no photo: the schema then says 'Please upload a passport photograph' (or a proof of address).
  const accountInitial = {
    accountType: '',
    currency: '',
    transactionPin: '',
    password: '',
    ...stored.account,
    ...secrets,
    passport: (passport ?? undefined) as unknown as string,
    proofOfAddress: (proofOfAddress ?? undefined) as unknown as string,
  };
  return { personalInitial, employmentInitial, accountInitial };
}

/** Sends the application once every step is filled in; on a refusal, goes back to the first step with a refused field. */
function useSubmitApplication(
  { stored, secrets, passport, proofOfAddress }: { stored: Stored; secrets: Secrets | null; passport: File | null; proofOfAddress: File | null },
  setActive: (step: number) => void,
) {
  const { enqueueSnackbar } = useSnackbar();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async () => {
    const { personal, employment, account } = stored;
    if (!personal || !employment || !account) {
      enqueueSnackbar('Please fill in all fields', { variant: 'error' });
      setActive(0);
      return;
    }
    // Saved parts survive a reload, the password, PIN and photos do not: back to the step that asks for them.
    if (!secrets || !passport || !proofOfAddress) {
      enqueueSnackbar(!secrets ? 'Please fill in all fields' : !passport ? PASSPORT_MISSING_MESSAGE : PROOF_OF_ADDRESS_MISSING_MESSAGE, { variant: 'error' });
      setActive(2);
      return;
    }
    const form = applicationForm({ ...personal, ...employment, ...account, ...secrets }, passport, proofOfAddress);
    setSubmitting(true);
    setServerErrors({});
    try {
      await api.POST('/v1/auth/register', { body: formBody(form) });
      sessionStorage.removeItem(STORE_KEY);
      enqueueSnackbar('Application submitted successfully', { variant: 'success' });
      setDone(personal.email);
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
      // The server names the passport `image` (the API's field); the form calls it `passport`.
      const { image, ...fieldErrors } = (err instanceof ApiError && err.errors) || {};
      const errors: Record<string, string> = image ? { ...fieldErrors, passport: image } : fieldErrors;
      setServerErrors(errors);
      const step = stepOfErrors(errors);
      if (step !== undefined) setActive(step);
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting, serverErrors, done };
}

/** Opening an account: four steps (RegisterSteps.tsx), saved as they go, sent as one multipart application. */
export default function RegisterPage() {
  const { enqueueSnackbar } = useSnackbar();
  const [stored, setStored] = useState<Stored>(readStore);
  const countries = useCountries();
  const [active, setActive] = useState(0);
  const [passport, setPassport] = useState<File | null>(null);
  const [proofOfAddress, setProofOfAddress] = useState<File | null>(null);
  const [secrets, setSecrets] = useState<Secrets | null>(null);
  const { submit, submitting, serverErrors, done } = useSubmitApplication({ stored, secrets, passport, proofOfAddress }, setActive);

  // Each step starts at the top: on a phone the button that moved us on sits far below the next form.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [active]);

  const save = <K extends keyof Stored>(key: K, values: NonNullable<Stored[K]>, message: string) => {
    const next = { ...stored, [key]: values };
    sessionStorage.setItem(STORE_KEY, JSON.stringify(next));
    setStored(next);
    enqueueSnackbar(message, { variant: 'success' });
    setActive((s) => s + 1);
  };

  const { personalInitial, employmentInitial, accountInitial } = initialValues(stored, secrets, passport, proofOfAddress);
  const stepDone = [!!stored.personal, !!stored.employment, !!stored.account && !!secrets && !!passport && !!proofOfAddress, false];

  return (
    <AuthLayout
      title="Open your account"
      description="Four short steps. Have a photo of your passport and a proof of address (a recent utility bill, bank or tax letter: a photo or the PDF it came as) to hand."
      maxWidth="md"
    >
      <EnrolmentProgress active={active} stepDone={stepDone} onOpen={setActive} />
      {active === 0 && <PersonalStep initial={personalInitial} serverErrors={serverErrors} onSave={(v) => save('personal', v, 'Personal information saved')} />}
      {active === 1 && <EmploymentStep initial={employmentInitial} serverErrors={serverErrors} onSave={(v) => save('employment', v, 'Employment information saved')} onBack={() => setActive(0)} />}
      {active === 2 && (
        <AccountStep
          initial={accountInitial}
          serverErrors={serverErrors}
          passport={passport}
          proofOfAddress={proofOfAddress}
          secretsLost={!!stored.account && (!passport || !proofOfAddress || !secrets)}
          onPassport={setPassport}
          onProofOfAddress={setProofOfAddress}
          onSave={(account, entered) => {
            setSecrets(entered);
            save('account', account, 'Account information saved');
          }}
          onBack={() => setActive(1)}
        />
      )}
      {active === 3 && <ReviewStep rows={reviewRows(stored, { passport, proofOfAddress }, countries)} submitting={submitting} onSubmit={submit} onBack={() => setActive(2)} />}
      <SubmittedDialog sentTo={done} />
    </AuthLayout>
  );
}
