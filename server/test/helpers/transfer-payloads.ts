import { todayIsoDate } from '@strongroom/shared';

/** A local transfer's form as the app sends it, dated today (in UTC: no time zone named). */
export const localTransfer = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Sam Carter',
  recipientBankName: 'First Local Bank',
  recipientAccountNumber: '000123456789',
  amount: '40.00',
  memo: 'Invoice 12',
  transferDate: todayIsoDate(),
  ...overrides,
});

/** An international transfer's form as the app sends it, paid in USD and dated today. */
export const internationalTransfer = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Marie Curie',
  recipientEmail: 'marie@example.fr',
  recipientPhone: '+33123456789',
  recipientAddress: '1 Rue de Rivoli, Paris',
  recipientCity: 'Paris',
  recipientCountry: 'France',
  recipientBankName: 'Banque Exemple',
  recipientBankAddress: '16 Boulevard des Italiens',
  recipientAccountNumber: 'FR7630006000011234567890189',
  recipientRoutingNumber: '30006',
  swiftCode: 'BNPAFRPP',
  amount: '100.00',
  currency: 'USD',
  purpose: 'family_support',
  transferDate: todayIsoDate(),
  ...overrides,
});
