import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteInstance } from '../../common/type-provider';
import { ValidationError } from 'yup';
import {
  changePasswordRequestSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendCodeSchema,
  resetPasswordRequestSchema,
  validationErrors,
  verifyEmailSchema,
  PASSPORT_MISSING_MESSAGE,
  PROOF_OF_ADDRESS_MISSING_MESSAGE,
} from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import { readUploads, uploadedFiles } from '../../common/multipart';
import { PASSPORT_RULES, PROOF_OF_ADDRESS_RULES } from '../files';
import { okResponse, responses } from '../../common/route-schemas';
import { AuthService } from './auth.service';
import { completeCustomerSignIn } from './sign-in';
import { clearSessionCookies } from './session.http';
import { userSchema } from '../user';

const tags = ['auth'];
const messageOnly = responses({ 200: okResponse() });
/** A sign-in's answer: the customer, and the token (bearer clients) or the CSRF token (browsers). */
const signedIn = responses({ 200: okResponse({ user: userSchema, token: { type: 'string' }, csrfToken: { type: 'string' } }) });

/** The form's refusal with a missing photo reported beside the other fields, as the enrolment form shows them. */
function registrationRefusal(refusal: Error | undefined, missing: { passport: boolean; proofOfAddress: boolean }): Error {
  if (refusal && !(refusal instanceof ValidationError)) return refusal;
  const errors = refusal ? validationErrors(refusal) : {};
  if (missing.passport) errors.image = PASSPORT_MISSING_MESSAGE;
  if (missing.proofOfAddress) errors.proofOfAddress = PROOF_OF_ADDRESS_MISSING_MESSAGE;
  return new AppError(400, Object.values(errors)[0], errors);
}

export default async function authRoutes(app: RouteInstance) {
  const auth = new AuthService(app);
  const loginLimit = { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } };
  const codeLimit = { rateLimit: { max: Math.max(10, app.config.loginRateLimitPerMinute), timeWindow: '1 minute' } };

  app.post(
    '/auth/register',
    {
      bodyLimit: 10 * 1024 * 1024,
      config: codeLimit,
      preValidation: readUploads([PASSPORT_RULES, PROOF_OF_ADDRESS_RULES]),
      // The photos are read apart from the fields; a missing one is reported together with the fields' errors.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Apply for an account (multipart with the files `image`, the passport (JPG or PNG), and `proofOfAddress` (JPG, PNG or PDF); or JSON with each as a data URL)',
        consumes: ['multipart/form-data', 'application/json'],
        body: registerSchema,
        response: responses({ 201: okResponse({ email: { type: 'string' } }) }),
      },
    },
    async (request, reply) => {
      const { image: passport, proofOfAddress } = uploadedFiles(request);
      if (request.validationError || !passport || !proofOfAddress) throw registrationRefusal(request.validationError, { passport: !passport, proofOfAddress: !proofOfAddress });
      const customer = await auth.register(request.body, { passport, proofOfAddress });
      return reply.status(201).send({ success: true, message: 'Application submitted successfully', email: customer.email });
    },
  );

  app.post(
    '/auth/verify-email',
    { config: codeLimit, schema: { tags, summary: 'Verify the e-mail address with the 6-digit code', body: verifyEmailSchema, response: messageOnly } },
    async (request) => {
      const { email, code } = request.body;
      await auth.verifyEmail(email, code);
      return { success: true, message: 'Code verified successfully' };
    },
  );

  app.post(
    '/auth/resend-code',
    { config: codeLimit, schema: { tags, summary: 'Send a new verification code (not sooner than 30 s)', body: resendCodeSchema, response: messageOnly } },
    async (request) => {
      const { email } = request.body;
      await auth.resendCode(email);
      return { success: true, message: 'If an application with this e-mail is awaiting verification, a new code is on its way.' };
    },
  );

  app.post('/auth/login', { config: loginLimit, schema: { tags, summary: 'Sign in with account number and password', body: loginSchema, response: signedIn } }, async (request, reply) => {
    const { accountNumber, password } = request.body;
    // An unverified e-mail does not block sign-in: the applicant sees the review status and
    // user.emailVerified === false; money needs staff approval (requireApprovedCustomer) anyway.
    const customer = await auth.login(accountNumber, password);
    return completeCustomerSignIn(app, request, reply, customer.id);
  });

  app.get(
    '/auth/check',
    {
      preHandler: app.requireCustomer,
      schema: { tags, summary: 'The signed-in customer', response: responses({ 200: okResponse({ user: userSchema, csrfToken: { type: 'string' } }) }) },
    },
    async (request) => {
      const user = await auth.userFor(request.customer!.id);
      return { success: true, user, csrfToken: request.customer!.csrfToken };
    },
  );

  app.post('/auth/logout', { config: { noBody: true }, schema: { tags, summary: 'Revoke this session', response: messageOnly } }, async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.requireCustomer(request, reply);
      await app.sessions.revoke(request.customer!.sessionId);
    } catch (err) {
      // Logging out an already-dead session still clears the cookies; a CSRF failure does not.
      if (err instanceof AppError && err.statusCode === 403) throw err;
    }
    clearSessionCookies(reply, app.sessions, 'customer');
    return { success: true, message: 'Logged out successfully' };
  });

  app.post(
    '/auth/change-password',
    { preHandler: app.requireCustomer, schema: { tags, summary: 'Change the password; other sessions are signed out', body: changePasswordRequestSchema, response: messageOnly } },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      await auth.changePassword(request.customer!.id, request.customer!.sessionId, currentPassword, newPassword);
      return { success: true, message: 'Password changed successfully. Your other sessions were signed out.' };
    },
  );

  app.post(
    '/auth/forgot-password',
    { config: codeLimit, schema: { tags, summary: 'E-mail a single-use reset link (same answer whether or not the e-mail exists)', body: forgotPasswordSchema, response: messageOnly } },
    async (request) => {
      const { email } = request.body;
      // After the answer: how long it takes must not say whether the e-mail has an account.
      app.background.run('password reset mail', () => auth.forgotPassword(email));
      return { success: true, message: 'If an account uses this e-mail, a reset link is on its way. It is valid for 30 minutes.' };
    },
  );

  app.post(
    '/auth/reset-password',
    { config: codeLimit, schema: { tags, summary: 'Set a new password with a reset link token', body: resetPasswordRequestSchema, response: messageOnly } },
    async (request) => {
      const { token, newPassword } = request.body;
      await auth.resetPassword(token, newPassword);
      return { success: true, message: 'Your password has been reset. Please sign in.' };
    },
  );
}
