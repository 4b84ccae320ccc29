import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import {
  CRYPTO_RECEIPT_REQUIRED_MESSAGE,
  CRYPTO_RECEIPT_SIZE_MESSAGE,
  CRYPTO_RECEIPT_TYPE_MESSAGE,
  MoneyError,
  minorToDecimal,
  parseUnits,
  type CryptoHoldingDto,
  type CryptoPortfolioDto,
  type CryptoRequestDto,
} from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { AppError } from '../../common/app-error';
import { sqlState, type Queryable } from '../../common/sql';
import type { UploadRules, StoredFileEntity } from '../files';
import { assertCustomerNotFrozen } from '../freeze';
import { enqueueMail } from '../mail';
import { internalAccountId, newReference, postJournal } from '../ledger';
import { firstApprover, recordStatusEvent, timeline, timelines, type TimelineEntry } from '../review';
import { feeUnitsOf, unitsText, usdConversion, valueUsd } from './crypto.amounts';
import * as errors from './crypto.errors';
import * as queries from './crypto.queries';
import type { AssetRow, CryptoRequestRow, StaffCryptoFilter } from './crypto.queries';

export const CRYPTO_SUBJECT = 'crypto_request';

export const RECEIPT_RULES: UploadRules = {
  field: 'receipt',
  allowed: ['image/jpeg', 'image/png', 'image/webp'],
  typeMessage: CRYPTO_RECEIPT_TYPE_MESSAGE,
  sizeMessage: CRYPTO_RECEIPT_SIZE_MESSAGE,
  missingMessage: CRYPTO_RECEIPT_REQUIRED_MESSAGE,
};
const UNIQUE_VIOLATION = '23505';

export interface BuyInput {
  crypto: string;
  amount: string | number;
  network?: string;
}
export interface SellInput {
  crypto: string;
  amount: string | number;
  address: string;
  network: string;
}

export const receiptUrl = (row: Pick<CryptoRequestRow, 'id' | 'receipt_file_id'>) => (row.receipt_file_id ? `/v1/crypto/requests/${row.id}/receipt` : null);

export function toRequestDto(row: CryptoRequestRow, history: TimelineEntry[]): CryptoRequestDto {
  const units = BigInt(row.units);
  const fee = BigInt(row.fee_units);
  return {
    id: row.id,
    kind: row.kind,
    crypto: row.name,
    symbol: row.symbol,
    icon: row.icon,
    amount: unitsText(units, row.unit_decimals),
    networkFee: unitsText(fee, row.unit_decimals),
    total: unitsText(units + fee, row.unit_decimals),
    network: row.network,
    address: row.address,
    referencePriceUsd: minorToDecimal(BigInt(row.reference_price_usd_minor), 'USD'),
    valueUsd: valueUsd(units, row.unit_decimals, row.reference_price_usd_minor).text,
    status: row.status,
    reason: row.status_reason,
    receipt: receiptUrl(row),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    timeline: history,
  };
}

/** The console's record: the customer's view plus who asked (staff read the history from status-events). */
export function toStaffRecord(row: CryptoRequestRow) {
  const { timeline: _timeline, ...dto } = toRequestDto(row, []);
  return { ...dto, customerId: row.customer_id, customerName: row.customer_name ?? '', customerAccountNumber: row.customer_account_number ?? '', settleReference: row.settle_reference };
}

/** The asset the customer chose, if the bank holds it in custody now. */
async function activeAsset(m: Queryable, symbol: string): Promise<AssetRow> {
  const asset = await queries.findAsset(m, symbol);
  if (!asset || !asset.active) throw errors.unknownAsset();
  return asset;
}

function checkNetwork(asset: AssetRow, network: string | undefined): void {
  if (network === undefined) return;
  if (network.trim().toLowerCase() !== asset.network.toLowerCase()) throw errors.wrongNetwork(asset.symbol, asset.network);
}

/** A quantity the schema accepted, in the asset's units (never more precise than 6 decimals, so always exact). */
function unitsOf(amount: string | number, asset: AssetRow): bigint {
  try {
    return parseUnits(amount, asset.unit_decimals);
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError(400, err.message, { amount: err.message });
    throw err;
  }
}

/** The crypto wallet: holdings, custody deposits ('buy') and withdrawals ('sell'). Decisions: crypto.review.ts. */
export class CryptoWallet {
  constructor(private readonly app: FastifyInstance) {}

  /** Units available and reserved per asset, valued at the reference price in USD and in the account currency. */
  async portfolio(m: EntityManager, customerId: string, accountCurrency: string): Promise<CryptoPortfolioDto> {
    const holdings = await queries.customerHoldings(m, customerId);
    const conversion = await usdConversion(m, accountCurrency);
    let totalCents = 0n;
    const assets: CryptoHoldingDto[] = [];
    for (const h of holdings) {
      const available = BigInt(h.available_units);
      const reserved = BigInt(h.reserved_units);
      if (available === 0n && reserved === 0n) continue;
      const value = valueUsd(available + reserved, h.unit_decimals, h.reference_price_usd_minor);
      totalCents += value.cents;
      assets.push({
        id: h.account_id,
        crypto: h.name,
        symbol: h.symbol,
        icon: h.icon,
        network: h.network,
        amount: unitsText(available, h.unit_decimals),
        available: unitsText(available, h.unit_decimals),
        reserved: unitsText(reserved, h.unit_decimals),
        referencePriceUsd: minorToDecimal(BigInt(h.reference_price_usd_minor), 'USD'),
        valueUsd: value.text,
        value: conversion.convert(value.cents),
        currency: accountCurrency,
        networkFee: unitsText(feeUnitsOf(h), h.unit_decimals),
      });
    }
    return {
      cryptoAssets: assets,
      totalValueUsd: minorToDecimal(totalCents, 'USD'),
      totalValue: conversion.convert(totalCents),
      currency: accountCurrency,
      rate: conversion.rate,
      holdings: assets.length,
    };
  }

  /**
   * A custody deposit: the customer sent units to the bank's address and shows the receipt. Recorded `pending`;
   * nothing is credited until staff match it on the chain (docs/decisions/0008). Files written are pushed to
   * `written`, so a caller whose transaction fails can remove them.
   */
  async deposit(m: EntityManager, customerId: string, actor: Actor, input: BuyInput, receipt: Buffer | undefined, written: StoredFileEntity[]): Promise<CryptoRequestDto> {
    const asset = await activeAsset(m, input.crypto);
    checkNetwork(asset, input.network);
    const units = unitsOf(input.amount, asset);
    if (!receipt || receipt.length === 0) throw errors.receiptRequired();
    const type = this.app.files.check(receipt, RECEIPT_RULES);
    const file = await this.app.files.store(m, receipt, type, 'receipt', customerId);
    written.push(file);
    if (await queries.receiptUsedBefore(m, file.sha256)) throw errors.receiptUsedBefore();
    let id: string;
    try {
      id = await queries.insertCryptoRequest(m, {
        customerId,
        kind: 'deposit',
        symbol: asset.symbol,
        unitDecimals: asset.unit_decimals,
        units,
        feeUnits: 0n,
        network: asset.network,
        address: asset.deposit_address,
        referencePriceUsdMinor: BigInt(asset.reference_price_usd_minor),
        receiptFileId: file.id,
        receiptSha256: file.sha256,
        reserveReference: null,
      });
    } catch (err) {
      // Another deposit with the same receipt committed between the check and this insert.
      if (sqlState(err) === UNIQUE_VIOLATION) throw errors.receiptUsedBefore();
      throw err;
    }
    return this.recorded(m, id, actor);
  }

  /**
   * A withdrawal to the customer's wallet. The amount and its network fee both leave the holding (docs/decisions/0008-crypto-custody.md)
   * and are reserved now, in this transaction, by a ledger journal to the asset's pending account: the ledger
   * locks the holding and refuses to take it below zero, so two withdrawals cannot spend the same units.
   */
  async withdraw(m: EntityManager, customerId: string, actor: Actor, input: SellInput): Promise<CryptoRequestDto> {
    const asset = await activeAsset(m, input.crypto);
    checkNetwork(asset, input.network);
    if (input.address === asset.deposit_address) throw errors.ownAddress();
    await assertCustomerNotFrozen(m, customerId);
    const units = unitsOf(input.amount, asset);
    const fee = feeUnitsOf(asset);
    const total = units + fee;
    const holding = await queries.openHolding(m, customerId, asset.symbol);
    const refuse = (available: bigint) => errors.insufficientUnits(asset.symbol, unitsText(available, asset.unit_decimals), unitsText(total, asset.unit_decimals));
    if (holding.balance < total) throw refuse(holding.balance);

    const reference = newReference('CW');
    try {
      await postJournal(m, {
        kind: 'crypto_withdrawal_reserve',
        reference,
        description: `${asset.symbol} withdrawal reserved: ${unitsText(units, asset.unit_decimals)} plus network fee ${unitsText(fee, asset.unit_decimals)}`,
        postings: [
          { accountId: holding.id, amountMinor: -total, currency: asset.symbol },
          { accountId: await internalAccountId(m, 'pending_outbound', asset.symbol), amountMinor: total, currency: asset.symbol },
        ],
        metadata: { customerId },
      });
    } catch (err) {
      // A concurrent withdrawal took the units between the read above and the ledger's lock.
      if (err instanceof AppError && err.statusCode === 400 && err.errors?.amount) {
        throw refuse(await queries.holdingBalanceUnits(m, holding.id));
      }
      throw err;
    }
    const id = await queries.insertCryptoRequest(m, {
      customerId,
      kind: 'withdrawal',
      symbol: asset.symbol,
      unitDecimals: asset.unit_decimals,
      units,
      feeUnits: fee,
      network: asset.network,
      address: input.address,
      referencePriceUsdMinor: BigInt(asset.reference_price_usd_minor),
      receiptFileId: null,
      receiptSha256: null,
      reserveReference: reference,
    });
    await this.tellOwner(
      m,
      customerId,
      `A withdrawal of ${unitsText(units, asset.unit_decimals)} ${asset.symbol} (network fee ${unitsText(fee, asset.unit_decimals)} ${asset.symbol}) to ${input.address} was requested from your crypto wallet. If this was not you, freeze your account in the app and call us now.`,
    );
    return this.recorded(m, id, actor);
  }

  /** A withdrawal request is a security event: the customer is told whatever their alert settings, in this transaction. */
  private async tellOwner(m: EntityManager, customerId: string, line: string): Promise<void> {
    const customer = await queries.walletOwnerContact(m, customerId);
    if (customer) await enqueueMail(this.app, m, { to: customer.email, template: 'transactionAlert', data: { firstName: customer.first_name, line }, customerId });
  }

  /** The new request's first timeline entry, and the request as the customer sees it. */
  private async recorded(m: EntityManager, id: string, actor: Actor): Promise<CryptoRequestDto> {
    await recordStatusEvent(m, { subjectType: CRYPTO_SUBJECT, subjectId: id, from: null, to: 'pending', actor });
    const row = await queries.findCryptoRequest(m, id);
    return toRequestDto(row!, [{ status: 'pending', from: null, at: new Date(row!.created_at).toISOString(), reason: null, by: 'you' }]);
  }

  discard(files: StoredFileEntity[]): void {
    for (const file of files) this.app.files.discard(file);
  }

  async listForCustomer(db: Queryable, customerId: string, page: { page: number; pageSize: number }) {
    const { items, total } = await queries.customerCryptoRequests(db, customerId, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize });
    const history = await timelines(
      db,
      CRYPTO_SUBJECT,
      items.map((r) => r.id),
    );
    return { items: items.map((r) => toRequestDto(r, history.get(r.id) ?? [])), total };
  }

  /** One request of the caller's; another customer's is the same 404 as one that does not exist. */
  async showForCustomer(db: Queryable, customerId: string, id: string): Promise<CryptoRequestDto> {
    const row = await queries.findCryptoRequest(db, id);
    if (!row || row.customer_id !== customerId) throw errors.requestNotFound();
    return toRequestDto(row, await timeline(db, CRYPTO_SUBJECT, row.id));
  }

  /** The deposit's receipt image, for its owner or staff. */
  async receipt(m: EntityManager, id: string, requester: { customerId?: string; staff?: boolean }) {
    const row = await queries.findCryptoRequest(m, id);
    if (!row || !row.receipt_file_id || (!requester.staff && row.customer_id !== requester.customerId)) throw errors.requestNotFound();
    return this.app.files.read(m, row.receipt_file_id, requester);
  }

  async listForStaff(db: Queryable, filter: StaffCryptoFilter, page: { sortField: string; sortOrder: 'ASC' | 'DESC'; offset: number; limit: number }) {
    const { items, total } = await queries.staffCryptoRequests(db, filter, page);
    return { items: items.map(toStaffRecord), total };
  }

  async showForStaff(db: Queryable, id: string) {
    const row = await queries.findCryptoRequest(db, id);
    if (!row) throw errors.requestNotFound();
    const first = row.status === 'awaiting_second_approval' ? await firstApprover(db, CRYPTO_SUBJECT, row.id) : null;
    return { ...toStaffRecord(row), firstApproval: first ? { staffId: first.id, email: first.email, at: first.at } : null };
  }
}
