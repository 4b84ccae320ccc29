import * as yup from 'yup';
import { MoneyError, parseAmountToMinor } from '../money';
import { isTimeZone } from '../dates';

// Shared building blocks so every form says the same thing for the same rule.
export const UNKNOWN_FIELD_MESSAGE = 'Unknown field: ${unknown}';
export const text = () => yup.string().typeError('${path} must be text');

/** An object schema that refuses keys it does not know (the forms reject unknown fields). */
export function strictObject<T extends yup.ObjectShape>(shape: T) {
  return yup.object(shape).noUnknown(true, UNKNOWN_FIELD_MESSAGE);
}

/** Whose calendar a request's days are (an IANA name): the customer's own (the app sends the browser's), UTC when not said. */
export const timeZoneField = () =>
  text()
    .default('UTC')
    .test('zone', 'timeZone must be a time zone name such as Europe/London', (v) => v === undefined || isTimeZone(v));

export { EMAIL_RE } from '../patterns';
export const DIGITS_RE = /^\d+$/;
export const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isRealIsoDate(value: string | undefined): boolean {
  if (!value || !ISO_DATE_RE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Age in whole years on `today` of someone born on an ISO date. */
export function ageOn(dobIso: string, today = new Date()): number {
  const [y, m, d] = dobIso.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const ENTER_AN_AMOUNT = 'Enter an amount';

/**
 * What a field that yup can only call `mixed` (it takes text or a number) carries on the wire, for the API's
 * published contract: server/src/common/route-schemas.ts turns the mark into JSON Schema. 'money' is a decimal
 * string matching MONEY_INPUT_PATTERN, 'assetUnits' one matching ASSET_UNITS_PATTERN (crypto.ts).
 */
export type WireFormat = 'money' | 'assetUnits';
/** `required`: the field's own test refuses a missing value (yup still calls such a field optional). */
export const wireMeta = (wire: WireFormat, required: boolean) => ({ wire, required });

/**
 * The canonical text of an amount (up to 16 whole digits, at most two decimals): every string matching it is an
 * amount amountField accepts in a two-decimal currency (schemas.test.ts holds the two together).
 */
export const MONEY_INPUT_PATTERN = '^\\d{1,16}(\\.\\d{1,2})?$';

/**
 * A money amount as a decimal string, at least `min` (a decimal string) in a 2-decimal currency.
 * A blank or something that is not a number ('abc') asks for an amount; a number below `min` gets `minMessage`.
 */
export function amountField(min: string, minMessage: string, currencyOf: () => string = () => 'USD') {
  return (
    yup
      .mixed<string | number>()
      .meta(wireMeta('money', true))
      // Missing is refused with the same message as empty; defined() also types the field as present for the server.
      .defined(ENTER_AN_AMOUNT)
      .test('amount', minMessage, function check(value) {
        if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return this.createError({ message: ENTER_AN_AMOUNT });
        try {
          const currency = currencyOf();
          const minor = parseAmountToMinor(value as string | number, currency);
          return minor >= parseAmountToMinor(min, currency) ? true : this.createError({ message: minMessage });
        } catch (err) {
          const known = err instanceof MoneyError && /too large|decimal places/.test(err.message);
          if (known) return this.createError({ message: err.message });
          return this.createError({ message: /^\s*-/.test(String(value)) ? minMessage : ENTER_AN_AMOUNT });
        }
      })
  );
}

/**
 * Field -> first message, for formik's setErrors and the API's `errors`.
 * Unknown keys are reported under their own names.
 */
export function validationErrors(err: yup.ValidationError): Record<string, string> {
  const out: Record<string, string> = {};
  const inner = err.inner && err.inner.length > 0 ? err.inner : [err];
  for (const e of inner) {
    if (e.type === 'noUnknown' && e.params && typeof e.params.unknown === 'string') {
      for (const key of String(e.params.unknown).split(', ')) {
        const path = e.path ? `${e.path}.${key}` : key;
        out[path] ??= `Unknown field: ${key}`;
      }
      continue;
    }
    const path = e.path || '_';
    out[path] ??= e.message;
  }
  return out;
}
