import { formatCalendarDate } from '@strongroom/shared';
import type { Region } from '../regions/regions';

// The enrolment wizard's memory between steps and reloads.
export const STORE_KEY = 'enrolment';

export type Part = Record<string, string>;
/** What survives a reload in sessionStorage: never the password, the PIN or the document photos (docs/decisions/0007). */
export interface Stored {
  personal?: Part;
  employment?: Part;
  account?: { accountType: string; currency: string };
}
/** Kept in memory only: lost on reload, and the form says so. */
export interface Secrets {
  transactionPin: string;
  password: string;
}

/** The server's field errors for one step, shown on their fields when that step opens. */
export function stepErrors(all: Record<string, string>, fields: string[]) {
  const errors = Object.fromEntries(Object.entries(all).filter(([k]) => fields.includes(k)));
  return { initialErrors: errors, initialTouched: Object.fromEntries(Object.keys(errors).map((k) => [k, true])) };
}

export function readStore(): Stored {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as Stored;
  } catch {
    return {};
  }
}

const MISSING = 'Not provided yet';
export function reviewRows({ personal: p, employment: e, account: a }: Stored, photos: { passport: File | null; proofOfAddress: File | null }, countries: Region[]): [string, string][] {
  const country = p && (countries.find((c) => c.isoCode === p.country)?.name ?? p.country);
  return [
    ['Name', p ? [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ') : MISSING],
    ['Date of birth', p?.dob ? formatCalendarDate(p.dob) : MISSING],
    ['Email', p?.email || MISSING],
    ['Phone', p?.phone || MISSING],
    ['Address', p ? `${p.address}, ${p.city}, ${p.state} ${p.zipcode}, ${country}` : MISSING],
    ['Occupation', e?.occupation || MISSING],
    ['Annual income', e?.incomeRange || MISSING],
    ['Account', a ? `${a.accountType.replace(/^\w/, (c) => c.toUpperCase())} account in ${a.currency}` : MISSING],
    ['Passport photo', photos.passport ? photos.passport.name : MISSING],
    ['Proof of address', photos.proofOfAddress ? photos.proofOfAddress.name : MISSING],
  ];
}
