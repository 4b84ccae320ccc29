import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { MAX_OPEN_ACCOUNTS, defaultAccountName, type OpenableAccountProduct } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { enqueueMail } from '../mail';
import { recordStatusEvent } from '../review';
import { lockCustomerForOpening, openAccountCount } from './account-views.queries';
import { heldAccount } from './accounts.queries';
import { openFurtherAccount } from './accounts.service';
import { toAccountView, type AccountView } from './account-views';
import { ACCOUNT_SUBJECT } from './accounts.review';
import * as errors from './accounts.errors';

export interface OpenAccountInput {
  product: OpenableAccountProduct;
  currency: string;
  name?: string;
}

/**
 * Opens a further account for an approved customer who is not frozen (docs/decisions/0062-accounts.md): a
 * current or savings account at once, a business account after staff review (pending, on the review queue). At
 * most MAX_OPEN_ACCOUNTS that are not closed or rejected; the customer row is locked while they are counted, so two
 * openings at once cannot pass the count together. The new number is mailed in the same transaction.
 */
export async function openAccount(app: FastifyInstance, m: EntityManager, customerId: string, input: OpenAccountInput, actor: Actor): Promise<AccountView> {
  const customer = await lockCustomerForOpening(m, customerId);
  if (!customer || customer.status !== 'approved') throw errors.openingRefused('Only customers whose application is approved can open accounts');
  if (customer.frozen_at) throw errors.openingRefused('Your accounts are frozen. Unfreeze them in the app before opening an account.');
  if ((await openAccountCount(m, customerId)) >= MAX_OPEN_ACCOUNTS) throw errors.tooManyAccounts();

  const name = input.name?.trim() || defaultAccountName(input.product);
  const status = input.product === 'business' ? 'pending' : 'active';
  const id = await openFurtherAccount(m, { customerId, product: input.product, currency: input.currency, name, status });
  await recordStatusEvent(m, { subjectType: ACCOUNT_SUBJECT, subjectId: id, from: null, to: status, actor });
  const row = (await heldAccount(m, customerId, id))!;
  if (status === 'active') {
    await enqueueMail(app, m, {
      to: customer.email,
      template: 'accountOpened',
      data: { firstName: customer.first_name, name, currency: row.currency, accountNumber: row.number },
      customerId,
    });
  }
  return toAccountView(row, 0n);
}
