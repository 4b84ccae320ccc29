// The Luhn (mod 10) check used by every card network: issuing appends the check digit, the network
// interface refuses numbers whose digits do not add up.

/** The check digit that makes `partial` + digit Luhn-valid. */
export function luhnCheckDigit(partial: string): string {
  if (!/^\d+$/.test(partial)) throw new Error('Luhn input must be digits');
  let sum = 0;
  // Walking from the right of the final number: the check digit is position 0, so partial's last digit doubles.
  for (let i = 0; i < partial.length; i++) {
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether `cardNumber` (digits only, 12 to 19 of them) passes the Luhn check. */
export function isLuhnValid(cardNumber: string): boolean {
  if (!/^\d{12,19}$/.test(cardNumber)) return false;
  return luhnCheckDigit(cardNumber.slice(0, -1)) === cardNumber.slice(-1);
}

/** '4111111111111111' -> '4111 1111 1111 1111'; amex (15 digits) is grouped in fours as well, the last group short. */
export function groupCardNumber(cardNumber: string): string {
  return cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
}
