/** A failure the client caused or must know about: becomes `{ success:false, error, errors? }` with `statusCode`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly code?: string,
    /** More fields for the answer's body beside success, error and errors (e.g. mfaRequired). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Sent as Retry-After: when a refused request may be tried again (a busy answer, 503). */
  retryAfterS?: number;
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** The server cannot take this request now, though it can later: 503 with Retry-After. */
export const busy = (message: string, retryAfterS: number) => Object.assign(new AppError(503, message), { retryAfterS });
