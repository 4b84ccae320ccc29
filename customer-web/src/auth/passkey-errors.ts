/**
 * What to tell the customer when the browser's passkey ceremony fails. Cancelling (or letting it time out) is the
 * common case; a page opened at an IP address (http://127.0.0.1:3000) cannot use passkeys at all, and the browser
 * says only '127.0.0.1 is an invalid domain'.
 */
export function passkeyErrorMessage(err: unknown, cancelledMessage: string): string {
  const { name, code, message } = err as { name?: string; code?: string; message?: string };
  if (name === 'NotAllowedError') return cancelledMessage;
  if (code === 'ERROR_INVALID_DOMAIN' || name === 'SecurityError') {
    return "Passkeys work only at the bank's web address (such as localhost), not at an IP address. Use the password instead, or open the site by its name.";
  }
  return message || 'The passkey could not be used. Please try again.';
}
