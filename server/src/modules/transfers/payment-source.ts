import { AppError } from '../../common/app-error';
import { accountNotFound, paymentSourceOf, refusalFor, type PaymentSourceRow } from '../accounts';
import type { TransferRow } from './transfers.queries';

/**
 * The account a local or international transfer leaves (transfers.account_id: the one it named, else the primary
 * account), read again at each step that judges or moves its money: the caller must still hold it with a role that
 * may make this payment, and it must still be open (account-roles.ts).
 */
export async function sourceOfTransfer(db: Parameters<typeof paymentSourceOf>[0], t: Pick<TransferRow, 'account_id' | 'customer_id' | 'kind'>): Promise<PaymentSourceRow> {
  const source = await paymentSourceOf(db, t.account_id, t.customer_id);
  if (!source) throw accountNotFound();
  const refusal = refusalFor(source.role, source.status, t.kind === 'transfer_international' ? 'payAbroad' : 'pay');
  if (refusal !== null) throw new AppError(403, refusal, undefined, 'account_refused');
  return source;
}
