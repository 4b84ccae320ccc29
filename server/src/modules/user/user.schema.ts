import { ACCOUNT_TYPES, CUSTOMER_STATUSES } from '@strongroom/shared';
import { moneySchema } from '../../common/route-schemas';

const text = { type: 'string' };
const flag = { type: 'boolean' };

/** A customer's notification preferences, every one of them always present (NotificationPreferences). */
export const preferencesAnswerSchema = {
  type: 'object',
  required: ['emailNotifications', 'smsNotifications', 'pushNotifications', 'marketingEmails', 'securityAlerts', 'transactionAlerts', 'lowBalanceAlerts'],
  properties: {
    emailNotifications: flag,
    smsNotifications: flag,
    pushNotifications: flag,
    marketingEmails: flag,
    securityAlerts: flag,
    transactionAlerts: flag,
    lowBalanceAlerts: flag,
  },
};

/** The signed-in customer as every sign-in, check and profile answer gives them (userDtoOf, UserDto in shared). */
export const userSchema = {
  type: 'object',
  required: [
    'id',
    'firstName',
    'middleName',
    'lastName',
    'email',
    'phone',
    'dob',
    'address',
    'city',
    'state',
    'zipcode',
    'country',
    'occupation',
    'incomeRange',
    'accountType',
    'accountNumber',
    'accountBalance',
    'currency',
    'image',
    'createdAt',
    'status',
    'emailVerified',
    'numberOfWithdrawals',
    'preference',
    'notificationPreferences',
    'frozenAt',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    firstName: text,
    middleName: { type: ['string', 'null'] },
    lastName: text,
    email: text,
    phone: text,
    dob: text,
    address: text,
    city: text,
    state: text,
    zipcode: text,
    country: text,
    occupation: text,
    incomeRange: text,
    accountType: { type: 'string', enum: [...ACCOUNT_TYPES] },
    accountNumber: text,
    accountBalance: moneySchema,
    currency: text,
    image: { type: ['string', 'null'], description: "The avatar's URL, /v1/files/<id>" },
    createdAt: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: [...CUSTOMER_STATUSES] },
    rejectionReason: { type: ['string', 'null'] },
    emailVerified: flag,
    numberOfWithdrawals: { type: 'integer' },
    preference: { type: 'object', required: ['email', 'sms', 'push'], properties: { email: flag, sms: flag, push: flag } },
    notificationPreferences: preferencesAnswerSchema,
    frozenAt: { type: ['string', 'null'], format: 'date-time' },
  },
};
