export const CRYPTO_REQUEST_STATUSES = ['pending', 'awaiting_second_approval', 'approved', 'rejected'] as const;
/** States an admin can still decide (the second approval included). */
export const CRYPTO_REQUEST_PENDING_STATUSES = ['pending', 'awaiting_second_approval'];

/** GET /v1/admin/crypto-requests and /v1/admin/crypto-requests/:id: amounts are units of the asset, values are USD. */
export interface CryptoRequestRecord {
  id: string;
  kind: 'deposit' | 'withdrawal';
  crypto: string;
  symbol: string;
  amount: string;
  networkFee: string;
  total: string;
  network: string;
  address: string;
  referencePriceUsd: string;
  valueUsd: string;
  status: string;
  reason: string | null;
  receipt: string | null;
  createdAt: string;
  updatedAt: string;
  customerId: string;
  customerName: string;
  customerAccountNumber: string;
  settleReference: string | null;
  firstApproval?: { staffId: string; email: string | null; at: string } | null;
}

export const units = (r: Pick<CryptoRequestRecord, 'amount' | 'symbol'>, amount = r.amount) => `${amount} ${r.symbol}`;
