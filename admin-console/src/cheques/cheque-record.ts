export const CHEQUE_STATUSES = ['pending', 'awaiting_second_approval', 'approved', 'rejected'] as const;
/** States an admin can still decide (the second approval included). */
export const CHEQUE_PENDING_STATUSES = ['pending', 'awaiting_second_approval'];

export interface ChequeDuplicate {
  id: string;
  status: string;
  amount: string;
  currency: string;
  customerName: string;
  createdAt: string;
  sameDrawer: boolean;
  sameImage: boolean;
}

/** GET /v1/admin/cheques and /v1/admin/cheques/:id. */
export interface ChequeRecord {
  id: string;
  amount: string;
  currency: string;
  chequeNumber: string;
  bankName: string;
  accountNumber: string | null;
  issueDate: string | null;
  note: string | null;
  status: string;
  reason: string | null;
  frontImage: string;
  backImage: string;
  transactionReference: string | null;
  transactionId: string | null;
  createdAt: string;
  customerId: string;
  customerName: string;
  customerAccountNumber: string;
  firstApproval?: { staffId: string; email: string | null; at: string } | null;
  duplicates?: ChequeDuplicate[];
}
