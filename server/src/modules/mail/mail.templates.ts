// Plain, branded messages. Every template returns text (the .eml and SMTP body) and a simple HTML part.
export interface RenderedMail {
  subject: string;
  text: string;
}

const footer = '\n\n—\nStrongroom Bank · Never share your codes, PIN or password. We will never ask for them.';

// Loans: the decision, and an instalment that could not be collected.
export const loanTemplates = {
  loanApproved: (d: { firstName: string; amount: string; monthlyPayment: string; termMonths: number; firstDueDate: string }) => ({
    subject: 'Your Strongroom loan is approved',
    text: `Hello ${d.firstName},\n\nYour loan of ${d.amount} is approved and has been paid into your account.\n\nYou repay ${d.monthlyPayment} a month for ${d.termMonths} months; the first instalment is collected on ${d.firstDueDate}. You can see the whole schedule under Loans.${footer}`,
  }),
  loanRejected: (d: { firstName: string; reason: string }) => ({
    subject: 'About your Strongroom loan application',
    text: `Hello ${d.firstName},\n\nWe could not approve your loan application.\nReason: ${d.reason}\n\nReply to this e-mail or call support if you have questions.${footer}`,
  }),
  loanInstalmentMissed: (d: { firstName: string; number: number; termMonths: number; amount: string; dueDate: string }) => ({
    subject: 'We could not collect your Strongroom loan instalment',
    text: `Hello ${d.firstName},\n\nInstalment ${d.number} of ${d.termMonths} (${d.amount}, due ${d.dueDate}) could not be collected: there was not enough money in your account.\n\nWe will try again every day. You can also pay it now under Loans with your transaction PIN.${footer}`,
  }),
} satisfies Record<string, (data: never) => RenderedMail>;

// Accounts (docs/decisions/0062-accounts.md): a further account opened or decided, and leaving the bank.
export const accountTemplates = {
  accountOpened: (d: { firstName: string; name: string; currency: string; accountNumber: string }) => ({
    subject: 'Your new Strongroom account is open',
    text: `Hello ${d.firstName},\n\nYour new account "${d.name}" (${d.currency}) is open and ready to use.\n\nIts account number: ${d.accountNumber}\n\nYou can see it, and the details to give others to pay into it, under Accounts.${footer}`,
  }),
  accountDecision: (d: { firstName: string; line: string }) => ({
    subject: 'About your Strongroom account application',
    text: `Hello ${d.firstName},\n\n${d.line}${footer}`,
  }),
  relationshipEnded: (d: { firstName: string; retentionYears: number }) => ({
    subject: 'Your Strongroom accounts are closed',
    text: `Hello ${d.firstName},\n\nYou closed your last account with us: your relationship with Strongroom has ended and you can no longer sign in.\n\nThe law requires us to keep your data, including your statements, for ${d.retentionYears} years; we delete it after that. If you need a statement or have a question, reply to this e-mail.\n\nThank you for banking with us.${footer}`,
  }),
} satisfies Record<string, (data: never) => RenderedMail>;

// Account holders (docs/decisions/0062-accounts.md): every change to who holds an account goes to both sides.
// Names are the service's: 'You' for the recipient themselves, else first name and last initial.
export const holderTemplates = {
  holderInvited: (d: { firstName: string; inviter: string; account: string; role: string }) => ({
    subject: `${d.inviter} invited you to share a Strongroom account`,
    text: `Hello ${d.firstName},\n\n${d.inviter} invited you to hold the account ${d.account} as ${d.role}.\n\nSign in and open Accounts to accept or decline. Nothing changes until you accept; if you do not know ${d.inviter}, decline.${footer}`,
  }),
  holderInvitationSent: (d: { firstName: string; inviter: string; invitee: string; account: string; role: string }) => ({
    subject: 'An invitation to share your Strongroom account was sent',
    text: `Hello ${d.firstName},\n\n${d.inviter} invited ${d.invitee} to hold the account ${d.account} as ${d.role}. ${d.invitee} holds it only once they accept.\n\nIf this was not you, remove the invitation under Accounts and call us.${footer}`,
  }),
  holderInvitationAnswered: (d: { firstName: string; holder: string; account: string; role: string; accepted: boolean }) => ({
    subject: d.accepted ? 'An invitation to share a Strongroom account was accepted' : 'An invitation to share a Strongroom account was declined',
    text: d.accepted
      ? `Hello ${d.firstName},\n\n${d.holder} accepted the invitation and now ${d.holder === 'You' ? 'hold' : 'holds'} the account ${d.account} as ${d.role}.${footer}`
      : `Hello ${d.firstName},\n\n${d.holder} declined the invitation to hold the account ${d.account}. Nothing changed on the account.${footer}`,
  }),
  holderLimitChanged: (d: { firstName: string; by: string; whose: string; account: string; limit: string }) => ({
    subject: 'A daily limit on a Strongroom account was changed',
    text: `Hello ${d.firstName},\n\n${d.by} set ${d.whose} daily spending limit on the account ${d.account} to ${d.limit}. It applies from now.${footer}`,
  }),
  holderRemoved: (d: { firstName: string; by: string; holder: string; account: string; left: boolean }) => ({
    subject: 'A holder of a Strongroom account changed',
    text: d.left
      ? `Hello ${d.firstName},\n\n${d.holder} left the account ${d.account}. ${d.holder === 'You' ? 'You no longer have' : 'They no longer have'} access to it.${footer}`
      : `Hello ${d.firstName},\n\n${d.by} removed ${d.holder} from the account ${d.account}. ${d.holder === 'you' ? 'You no longer have' : 'They no longer have'} access to it, from now.${footer}`,
  }),
} satisfies Record<string, (data: never) => RenderedMail>;

// Term deposits (docs/decisions/0063-interest.md): paid out or renewed at maturity.
export const depositTemplates = {
  depositMatured: (d: { firstName: string; name: string; principal: string; interest: string; total: string; paidTo: string }) => ({
    subject: 'Your Strongroom term deposit has matured',
    text: `Hello ${d.firstName},\n\nYour ${d.name} has matured. We paid ${d.total} (${d.principal} and ${d.interest} interest) into your account ${d.paidTo}.${footer}`,
  }),
  depositRenewed: (d: { firstName: string; name: string; interest: string; principal: string; rate: string; maturityDate: string }) => ({
    subject: 'Your Strongroom term deposit has renewed',
    text: `Hello ${d.firstName},\n\nYour ${d.name} has renewed. Its interest of ${d.interest} was added to it: it now holds ${d.principal} at ${d.rate}% a year until ${d.maturityDate}. You can change whether it renews again under Term deposits.${footer}`,
  }),
} satisfies Record<string, (data: never) => RenderedMail>;

// Deposit rates (docs/decisions/0063-interest.md): customers whose interest a staff rate change affects.
export const rateTemplates = {
  rateChange: (d: { firstName: string; product: string; effectiveFrom: string; oldRates: string; newRates: string; renewal: boolean }) => ({
    subject: `Your ${d.product} interest rate changes on ${d.effectiveFrom}`,
    text: `Hello ${d.firstName},\n\nThe interest rate of your ${d.product} changes from ${d.effectiveFrom}.\n\nUntil then: ${d.oldRates}\nFrom ${d.effectiveFrom}: ${d.newRates}\n\n${
      d.renewal
        ? 'Your deposit keeps the rate it has until it matures; when it renews, it renews at the new rate. You can turn its renewal off at any time before it matures.'
        : 'Interest is worked out on your balance every day at the rate in force that day and paid monthly. There is nothing you need to do.'
    }${footer}`,
  }),
} satisfies Record<string, (data: never) => RenderedMail>;

export const templates = {
  ...loanTemplates,
  ...rateTemplates,
  ...holderTemplates,
  ...accountTemplates,
  ...depositTemplates,
  welcome: (d: { firstName: string; accountNumber: string; code: string }) => ({
    subject: 'Welcome to Strongroom: your account number and verification code',
    text: `Hello ${d.firstName},\n\nThank you for applying to open an account with Strongroom.\n\nYour account number: ${d.accountNumber}\nYour e-mail verification code: ${d.code}\n\nThe code is valid for 10 minutes. Our team is reviewing your application; you can sign in with your account number and password meanwhile, and you can move money once it is approved.${footer}`,
  }),
  verificationCode: (d: { firstName: string; code: string }) => ({
    subject: 'Your Strongroom verification code',
    text: `Hello ${d.firstName},\n\nYour e-mail verification code: ${d.code}\n\nIt is valid for 10 minutes.${footer}`,
  }),
  passwordReset: (d: { firstName: string; link: string }) => ({
    subject: 'Reset your Strongroom password',
    text: `Hello ${d.firstName},\n\nSomeone (hopefully you) asked to reset your password. Use this link within 30 minutes; it works once:\n\n${d.link}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.${footer}`,
  }),
  passwordChanged: (d: { firstName: string }) => ({
    subject: 'Your Strongroom password was changed',
    text: `Hello ${d.firstName},\n\nYour password was just changed and your other sessions were signed out. If this was not you, call us at once.${footer}`,
  }),
  newDeviceSignIn: (d: { firstName: string; device: string; ip: string; when: string }) => ({
    subject: 'New sign-in to your Strongroom account',
    text: `Hello ${d.firstName},\n\nYour account was just signed in to from a device we have not seen before:\n\n${d.device}\nIP address: ${d.ip}\nWhen: ${d.when}\n\nIf this was you, there is nothing to do. If not, change your password now and sign that session out in Profile > Security.${footer}`,
  }),
  emailChangeCode: (d: { firstName: string; code: string }) => ({
    subject: 'Confirm your new Strongroom e-mail address',
    text: `Hello ${d.firstName},\n\nYour code to confirm this as your new e-mail address: ${d.code}\n\nIt is valid for 10 minutes. If you did not ask for this, ignore this e-mail.${footer}`,
  }),
  emailChanged: (d: { firstName: string; newEmail: string }) => ({
    subject: 'Your Strongroom e-mail address was changed',
    text: `Hello ${d.firstName},\n\nThe e-mail address of your account was changed to ${d.newEmail}. From now on we write there.\n\nIf this was not you, call us at once.${footer}`,
  }),
  applicationApproved: (d: { firstName: string; accountNumber: string }) => ({
    subject: 'Your Strongroom account is approved',
    text: `Hello ${d.firstName},\n\nGood news: your application is approved. Account ${d.accountNumber} is ready to send and receive money.${footer}`,
  }),
  applicationRejected: (d: { firstName: string; reason: string }) => ({
    subject: 'About your Strongroom application',
    text: `Hello ${d.firstName},\n\nWe could not approve your application.\nReason: ${d.reason}\n\nReply to this e-mail or call support if you have questions.${footer}`,
  }),
  cardApplicationDecision: (d: { firstName: string; line: string }) => ({
    subject: 'About your Strongroom card application',
    text: `Hello ${d.firstName},\n\n${d.line}${footer}`,
  }),
  securityNotice: (d: { firstName: string; line: string }) => ({
    subject: 'Strongroom security notice',
    text: `Hello ${d.firstName},\n\n${d.line}\n\nIf this was not you, call us at once.${footer}`,
  }),
  transferCode: (d: { firstName: string; code: string; amount: string; payee: string }) => ({
    subject: 'Your Strongroom payment code',
    text: `Hello ${d.firstName},\n\nYour one-time code to approve a payment of ${d.amount} to ${d.payee}: ${d.code}\n\nIt is valid for 5 minutes and only for this payment. This code is free; nobody may ask you to pay for it.${footer}`,
  }),
  staffInvitation: (d: { name: string; invitedBy: string; role: string; link: string; expiresAt: string }) => ({
    subject: 'You are invited to the Strongroom back office',
    text: `Hello ${d.name},\n\n${d.invitedBy} invited you to the Strongroom back office as ${d.role}. Set your password with this link; it works once, until ${d.expiresAt}:\n\n${d.link}\n\nAt your first sign-in you set up an authenticator app on your phone. If you did not expect this, ignore this e-mail.${footer}`,
  }),
  transactionAlert: (d: { firstName: string; line: string }) => ({
    subject: 'Strongroom transaction alert',
    text: `Hello ${d.firstName},\n\n${d.line}${footer}`,
  }),
  // Staff freezing an account (modules/accounts/accounts-admin.service.ts): the owner is told why and what it means.
  accountFrozen: (d: { firstName: string; accountName: string; accountNumber: string; reason: string }) => ({
    subject: 'Your Strongroom account is frozen',
    text: `Hello ${d.firstName},\n\nWe froze your account "${d.accountName}" (${d.accountNumber}).\nReason: ${d.reason}\n\nMoney sent to it still arrives, but no money can leave it until we unfreeze it. Reply to this e-mail or call support if you have questions.${footer}`,
  }),
  accountUnfrozen: (d: { firstName: string; accountName: string; accountNumber: string; reason: string }) => ({
    subject: 'Your Strongroom account is unfrozen',
    text: `Hello ${d.firstName},\n\nYour account "${d.accountName}" (${d.accountNumber}) is unfrozen: you can pay from it again.\nNote from us: ${d.reason}${footer}`,
  }),
} satisfies Record<string, (data: never) => RenderedMail>;

export type TemplateName = keyof typeof templates;

/** A message to send: a template and its data, to an address (and the customer it is for, when there is one). */
export interface SendMailInput<T extends TemplateName> {
  to: string;
  template: T;
  data: Parameters<(typeof templates)[T]>[0];
  customerId?: string | null;
}
