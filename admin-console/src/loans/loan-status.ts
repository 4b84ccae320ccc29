/** States in which staff may still decide a loan (the second approval included). */
export const LOAN_PENDING_STATUSES = ['pending', 'under_review', 'awaiting_second_approval'] as const;

const TYPE_NAMES: Record<string, string> = { personal: 'Personal', home: 'Home', auto: 'Auto', student: 'Student', business: 'Business' };
export const loanTypeLabel = (type: string) => `${TYPE_NAMES[type] ?? type} loan`;
