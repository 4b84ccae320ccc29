// The transaction PIN: the check every product that moves money or reveals a card runs (TransactionPin), and the
// attempt bookkeeping under it, whose SQL fragments a payment's own statements take an attempt with (docs/decisions/0017).
export { TransactionPin } from './transaction-pin';
export type { PinHolder } from './pin.queries';
export { ATTEMPT_IN_FLIGHT_LIMIT_S, MAX_PIN_LOCK_MINUTES, PinAttempts, pinLockMinutes, pinLockedError, wrongPinError } from './pin-attempts';
export { COMMIT_WITHOUT_FLUSH, TAKE_ATTEMPT, lockAttemptRows, reservable, takeAttemptsFor } from './pin-attempts.queries';
