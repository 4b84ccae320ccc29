import * as yup from 'yup';
import { UUID_PATTERN } from '../../common/ids';

export const ACCOUNT_ID_MESSAGE = 'accountId must be the id of one of your accounts';

/** UUID_PATTERN as the API's contract writes it: a JSON Schema pattern takes no flags, so both cases are spelled out. */
const UUID_WIRE_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * The optional `accountId` a money route or read acts on (docs/decisions/0062-accounts.md): an account's id; without
 * it the route acts on the caller's primary account, as before customers could hold several. Declared as a uuid in
 * the API's contract; anything else is a 400 (a well-formed id the caller does not hold is resolveAccount's 404).
 */
export const accountIdField = () =>
  yup
    .string()
    .optional()
    .matches(UUID_PATTERN, ACCOUNT_ID_MESSAGE)
    .meta({ jsonSchema: { format: 'uuid', pattern: UUID_WIRE_PATTERN } });
