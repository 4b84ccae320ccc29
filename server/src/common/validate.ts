import { ValidationError, type AnySchema, type InferType } from 'yup';
import { validationErrors } from '@strongroom/shared';
import { AppError } from './app-error';

/**
 * Validates a request part with the same yup schema the browser form uses, so rules and messages live once.
 * Bodies are validated strictly (no casting: a number where text belongs is an error); query strings cast.
 */
export function validate<S extends AnySchema>(schema: S, value: unknown, opts: { strict?: boolean } = {}): InferType<S> {
  const input = value ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new AppError(400, 'The request body must be a JSON object');
  }
  try {
    return schema.validateSync(input, { abortEarly: false, strict: opts.strict ?? true, stripUnknown: false }) as InferType<S>;
  } catch (err) {
    if (err instanceof ValidationError) {
      const errors = validationErrors(err);
      const first = Object.values(errors)[0] ?? err.message;
      throw new AppError(400, first, errors);
    }
    throw err;
  }
}
