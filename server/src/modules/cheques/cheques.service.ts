import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import {
  CHEQUE_BACK_REQUIRED_MESSAGE,
  CHEQUE_FRONT_REQUIRED_MESSAGE,
  CHEQUE_IMAGE_SIZE_MESSAGE,
  CHEQUE_IMAGE_TYPE_MESSAGE,
  minorToDecimal,
  parseAmountToMinor,
  type ChequeDto,
  type ChequeStatus,
} from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { sha256Hex } from '../../common/crypto';
import { sqlState, type Queryable } from '../../common/sql';
import type { UploadRules, StoredFileEntity } from '../files';
import { firstApprover, recordStatusEvent, timelines, type TimelineEntry } from '../review';
import { resolveAccount } from '../accounts';
import * as errors from './cheques.errors';
import { customerCheques, customerExists, depositedBefore, findCheque, insertCheque, lookalikeCheques, staffCheques, type ChequeRow, type StaffChequeFilter } from './cheques.queries';

export const CHEQUE_SUBJECT = 'cheque';

export const imageRules = (field: 'frontImage' | 'backImage'): UploadRules => ({
  field,
  allowed: ['image/jpeg', 'image/png', 'image/webp'],
  typeMessage: CHEQUE_IMAGE_TYPE_MESSAGE,
  sizeMessage: CHEQUE_IMAGE_SIZE_MESSAGE,
  missingMessage: field === 'frontImage' ? CHEQUE_FRONT_REQUIRED_MESSAGE : CHEQUE_BACK_REQUIRED_MESSAGE,
});

export interface DepositInput {
  amount: string | number;
  chequeNumber: string;
  bankName: string;
  accountNumber?: string;
  currency: string;
  issueDate?: string;
  note?: string;
  /** The account to credit, one the customer may pay into; none: their primary account. */
  accountId?: string;
}

export interface DepositImages {
  frontImage?: Buffer;
  backImage?: Buffer;
}

const fileUrl = (id: string) => `/v1/files/${id}`;
const UNIQUE_VIOLATION = '23505';

export function toChequeDto(row: ChequeRow, timeline: TimelineEntry[]): ChequeDto {
  return {
    id: row.id,
    amount: minorToDecimal(BigInt(row.amount_minor), row.currency),
    currency: row.currency,
    chequeNumber: row.cheque_number,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    issueDate: row.issue_date,
    note: row.note,
    status: row.status as ChequeStatus,
    reason: row.status_reason,
    frontImage: fileUrl(row.front_file_id),
    backImage: fileUrl(row.back_file_id),
    transactionReference: row.transaction_reference,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    timeline,
  };
}

/** The console's record: the customer's view plus who deposited it (no timeline: staff read status-events). */
function toStaffRecord(row: ChequeRow) {
  const { timeline: _timeline, ...dto } = toChequeDto(row, []);
  return { ...dto, transactionId: row.transaction_id, customerId: row.customer_id, customerName: row.customer_name ?? '', customerAccountNumber: row.customer_account_number ?? '' };
}

/** Cheque deposits: the customer's side (deposit, own list) and the staff's reads. Decisions: cheques.review.ts. */
export class ChequesService {
  constructor(private readonly app: FastifyInstance) {}

  /** Checks both images by their bytes (JPEG, PNG or WEBP, 5 MB) before anything is stored. */
  checkImages(images: DepositImages): { frontImage: Buffer; backImage: Buffer; types: ReturnType<FastifyInstance['files']['check']>[] } {
    if (!images.frontImage || images.frontImage.length === 0) throw errors.frontImageRequired();
    if (!images.backImage || images.backImage.length === 0) throw errors.backImageRequired();
    const types = [this.app.files.check(images.frontImage, imageRules('frontImage')), this.app.files.check(images.backImage, imageRules('backImage'))];
    return { frontImage: images.frontImage, backImage: images.backImage, types };
  }

  /**
   * Records a deposit as `pending` for staff review, with its images and its first timeline entry, on the account it
   * is to be credited to (`accountId`, one the customer may pay into: docs/decisions/0062-accounts.md; else their
   * primary account). Refuses a currency other than that account's (no conversion: the cheque is paid in the currency
   * written on it) and a cheque deposited before. Files written are pushed to `written`, so a caller whose transaction fails can
   * remove them.
   */
  async deposit(m: EntityManager, customerId: string, actor: Actor, input: DepositInput, images: DepositImages, written: StoredFileEntity[]): Promise<ChequeDto> {
    const checked = this.checkImages(images);
    const account = await resolveAccount(m, customerId, input.accountId, 'receive');
    const accountCurrency = account.currency;
    if (input.currency !== accountCurrency) throw errors.currencyNotAccount(accountCurrency);
    const issueDate = input.issueDate ? input.issueDate : null;
    if (issueDate && issueDate > this.app.clock.now().toISOString().slice(0, 10)) throw errors.issueDateInFuture();
    const accountNumber = input.accountNumber?.trim() ? input.accountNumber.trim() : null;

    const seen = await depositedBefore(m, { bankName: input.bankName, chequeNumber: input.chequeNumber, accountNumber, frontSha256: sha256Hex(checked.frontImage) });
    if (seen) throw errors.alreadyDeposited(seen);
    const front = await this.app.files.store(m, checked.frontImage, checked.types[0], 'cheque', customerId);
    written.push(front);
    const back = await this.app.files.store(m, checked.backImage, checked.types[1], 'cheque', customerId);
    written.push(back);

    let id: string;
    try {
      id = await insertCheque(m, {
        customerId,
        accountId: account.id,
        amountMinor: parseAmountToMinor(input.amount, accountCurrency),
        currency: accountCurrency,
        chequeNumber: input.chequeNumber.trim(),
        bankName: input.bankName.trim(),
        accountNumber,
        issueDate,
        note: input.note?.trim() ? input.note.trim() : null,
        frontFileId: front.id,
        backFileId: back.id,
        frontSha256: front.sha256,
      });
    } catch (err) {
      // Another deposit of the same cheque committed between the check above and this insert.
      if (sqlState(err) === UNIQUE_VIOLATION) throw errors.alreadyDeposited(String((err as Error).message).includes('front') ? 'image' : 'drawer');
      throw err;
    }
    await recordStatusEvent(m, { subjectType: CHEQUE_SUBJECT, subjectId: id, from: null, to: 'pending', actor });
    const row = await findCheque(m, id);
    return toChequeDto(row!, [{ status: 'pending', from: null, at: new Date(row!.created_at).toISOString(), reason: null, by: 'you' }]);
  }

  /** Removes the bytes of files whose rows were rolled back. */
  discard(files: StoredFileEntity[]): void {
    for (const file of files) this.app.files.discard(file);
  }

  /** A customer's deposits, newest first, each with its timeline. */
  async listForCustomer(db: Queryable, customerId: string, page: { page: number; pageSize: number }) {
    if (!(await customerExists(db, customerId))) throw errors.customerNotFound();
    const { items, total } = await customerCheques(db, customerId, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize });
    const history = await timelines(
      db,
      CHEQUE_SUBJECT,
      items.map((r) => r.id),
    );
    return { items: items.map((r) => toChequeDto(r, history.get(r.id) ?? [])), total };
  }

  async listForStaff(db: Queryable, filter: StaffChequeFilter, page: { sortField: string; sortOrder: 'ASC' | 'DESC'; offset: number; limit: number }) {
    const { items, total } = await staffCheques(db, filter, page);
    return { items: items.map(toStaffRecord), total };
  }

  /** One cheque for staff: images, details, earlier deposits that look like it, and the first of two approvals. */
  async showForStaff(db: Queryable, id: string) {
    const row = await findCheque(db, id);
    if (!row) throw errors.chequeNotFound();
    const lookalikes = await lookalikeCheques(db, row);
    const first = row.status === 'awaiting_second_approval' ? await firstApprover(db, CHEQUE_SUBJECT, row.id) : null;
    return {
      ...toStaffRecord(row),
      firstApproval: first ? { staffId: first.id, email: first.email, at: first.at } : null,
      duplicates: lookalikes.map((other) => ({
        id: other.id,
        status: other.status,
        amount: minorToDecimal(BigInt(other.amount_minor), other.currency),
        currency: other.currency,
        customerName: other.customer_name ?? '',
        createdAt: new Date(other.created_at).toISOString(),
        sameDrawer: other.drawer_key === row.drawer_key,
        sameImage: other.front_sha256 === row.front_sha256,
      })),
    };
  }
}
