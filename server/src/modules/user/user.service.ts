import type { EntityManager } from 'typeorm';
import type { UserDto } from '@strongroom/shared';
import { minorToDecimal } from '@strongroom/shared';
import { CustomerEntity } from './entities/customer.entity';
import { getAccountSummary, type AccountSummary } from '../ledger';
import { notFound } from '../../common/app-error';
import { customerById } from './user.queries';

/** The personal fields a customer states at enrolment and may edit later, as stored. */
export function personalFields(input: {
  firstName: string;
  middleName?: string | null;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}) {
  return {
    firstName: input.firstName,
    middleName: input.middleName || null,
    lastName: input.lastName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    dob: input.dob,
    address: input.address,
    city: input.city,
    state: input.state,
    zipcode: input.zipcode,
    country: input.country,
  };
}

/** The UserDto of a customer whose account summary is already read (a page of them: getAccountSummaries). */
export function userDtoOf(c: CustomerEntity, summary: AccountSummary | undefined): UserDto {
  const prefs = c.notificationPreferences;
  return {
    id: c.id,
    firstName: c.firstName,
    middleName: c.middleName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    dob: c.dob,
    address: c.address,
    city: c.city,
    state: c.state,
    zipcode: c.zipcode,
    country: c.country,
    occupation: c.occupation,
    incomeRange: c.incomeRange,
    accountType: c.accountType as UserDto['accountType'],
    accountNumber: c.accountNumber,
    accountBalance: minorToDecimal(summary?.balanceMinor ?? 0n, c.currency),
    currency: c.currency,
    image: c.imageFileId ? `/v1/files/${c.imageFileId}` : null,
    createdAt: c.createdAt.toISOString(),
    status: c.status,
    rejectionReason: c.rejectionReason,
    emailVerified: !!c.emailVerifiedAt,
    numberOfWithdrawals: summary?.numberOfWithdrawals ?? 0,
    preference: { email: prefs.emailNotifications, sms: prefs.smsNotifications, push: prefs.pushNotifications },
    notificationPreferences: prefs,
    frozenAt: c.frozenAt ? c.frozenAt.toISOString() : null,
  };
}

/** The one place a customer row becomes the UserDto the apps see (ARCHITECTURE.md). */
export async function toUserDto(manager: EntityManager, c: CustomerEntity): Promise<UserDto> {
  return userDtoOf(c, await getAccountSummary(manager, c.id));
}

export async function loadCustomer(manager: EntityManager, id: string): Promise<CustomerEntity> {
  const c = await customerById(manager, id);
  if (!c) throw notFound('Customer not found');
  return c;
}
