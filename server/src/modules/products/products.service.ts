import type { FastifyInstance } from 'fastify';
import { tierFromMinor, tierFromText, type RateChangeInput } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { AppError } from '../../common/app-error';
import { businessDateOf } from '../../common/business-date';
import type { Queryable } from '../../common/sql';
import { withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit';
import { productRow, productRows, scheduledChanges, schedulesInForce, termRateOn, insertRateChange, findRateChange, type ProductRow, type ScheduleRow, type TierRow } from './products.queries';
import { enqueueRateChangeNotices } from './products.jobs';
import { ratePercentText, toRateChangeDto, toTierDtos, type RateChangeDto } from './products.dto';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const productNotFound = () => new AppError(404, PRODUCT_NOT_FOUND);

/** Today in the bank's time zone (docs/decisions/0063-interest.md): rates change per business date. */
export const bankToday = (app: FastifyInstance) => businessDateOf(app.clock.now(), app.config.bankTimeZone);

/** Each product's schedule in force on `onDate`, by product: its tiers, or (term deposits) its tiers per term. */
export async function ratesInForce(db: Queryable, onDate: string): Promise<ScheduleRow[]> {
  return schedulesInForce(db, onDate);
}

/** The savings schedule in force on `onDate`, lowest tier first (thresholds in minor units). */
export async function savingsSchedule(db: Queryable, onDate: string): Promise<TierRow[]> {
  return (await schedulesInForce(db, onDate)).find((s) => s.product === 'savings')?.tiers ?? [];
}

/** The yearly rate of a term deposit of `termMonths` opened on `onDate`, as numeric text ('3.5000'); none for an unknown term. */
export function depositTermRate(db: Queryable, termMonths: number, onDate: string): Promise<string | undefined> {
  return termRateOn(db, termMonths, onDate);
}

/** A product as the catalogue shows it, with the rates in force on `today` and the changes scheduled after it. */
function toProductDto(p: ProductRow, inForce: ScheduleRow[], scheduled: ScheduleRow[]) {
  const own = inForce.filter((s) => s.product === p.code);
  const savings = p.code !== 'fixed_deposit';
  return {
    code: p.code,
    name: p.name,
    interestBearing: p.interest_bearing,
    dayCount: p.day_count,
    postingFrequency: p.posting_frequency,
    // In the account's currency, like the tiers' thresholds: every currency an account may hold has two decimals.
    minimumOpeningAmount: tierFromText(p.minimum_opening_minor),
    forfeitDays: p.forfeit_days,
    tiers: savings ? toTierDtos(own[0]?.tiers ?? []) : [],
    terms: savings ? [] : own.map((s) => ({ termMonths: s.term_months, ratePercent: ratePercentText(s.tiers[0].ratePercent) })),
    scheduled: scheduled.filter((s) => s.product === p.code).map((s) => ({ effectiveFrom: s.effective_from, termMonths: s.term_months, tiers: toTierDtos(s.tiers) })),
  };
}
export type ProductDto = ReturnType<typeof toProductDto>;

/** The whole catalogue as it stands on `today` (the bank's business date). */
export async function catalogue(db: Queryable, today: string): Promise<ProductDto[]> {
  const [products, inForce, scheduled] = await Promise.all([productRows(db), schedulesInForce(db, today), scheduledChanges(db, today)]);
  return products.map((p) => toProductDto(p, inForce, scheduled));
}

export async function catalogueProduct(db: Queryable, code: string, today: string): Promise<ProductDto> {
  const product = await productRow(db, code);
  if (!product) throw productNotFound();
  const [inForce, scheduled] = await Promise.all([schedulesInForce(db, today), scheduledChanges(db, today)]);
  return toProductDto(product, inForce, scheduled);
}

/**
 * An admin sets a product's schedule (a term's one rate) from a date not before today in the bank's time zone: the
 * change and its tiers, the audit entry and the job that tells the customers it affects, in one transaction. Past
 * changes are never touched (rates are history, docs/decisions/0063-interest.md).
 */
export async function changeRates(app: FastifyInstance, actor: Actor, input: RateChangeInput): Promise<RateChangeDto> {
  const today = bankToday(app);
  if (input.effectiveFrom < today) {
    const message = `Rates can change from today (${today}) on, never in the past`;
    throw new AppError(400, message, { effectiveFrom: message });
  }
  const product = await productRow(app.db, input.product);
  if (!product) throw productNotFound();
  if (!product.interest_bearing) {
    const message = `${product.name} does not earn interest`;
    throw new AppError(400, message, { product: message });
  }
  const tiers = input.tiers.map((t) => ({ fromMinor: tierFromMinor(t.from), ratePercent: t.ratePercent }));
  return withTransaction(app.db, async (m) => {
    const id = await insertRateChange(
      m,
      {
        product: input.product,
        termMonths: input.termMonths,
        effectiveFrom: input.effectiveFrom,
        reason: input.reason.trim(),
        changedBy: actor.type === 'staff' ? actor.id : null,
        changedByEmail: actor.email ?? null,
        changedAt: app.clock.now(),
      },
      tiers,
    );
    const change = toRateChangeDto((await findRateChange(m, id))!);
    await recordAudit(m, actor, {
      action: 'rate_change.create',
      targetType: 'deposit_product',
      targetId: input.termMonths ? `${input.product}:${input.termMonths}` : input.product,
      reason: change.reason,
      details: { rateChangeId: id, effectiveFrom: change.effectiveFrom, previous: change.previousTiers, current: change.tiers },
    });
    await enqueueRateChangeNotices(app, m, id);
    return change;
  });
}
