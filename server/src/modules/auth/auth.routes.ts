import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changePasswordRequestSchema, forgotPasswordSchema, loginSchema, registerSchema, resendCodeSchema, resetPasswordRequestSchema, verifyEmailSchema } from '@strongroom/shared';
import { validate } from '../../common/validate';
import { AppError } from '../../common/app-error';
import { readFormWithImage } from '../../common/multipart';
import { AuthService } from './auth.service';
import { completeCustomerSignIn } from './sign-in';

const tags = ['auth'];

export default async function authRoutes(app: FastifyInstance) {
  const auth = new AuthService(app);
  const loginLimit = { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } };
  const codeLimit = { rateLimit: { max: Math.max(10, app.config.loginRateLimitPerMinute), timeWindow: '1 minute' } };

  app.post(
    '/auth/register',
    { bodyLimit: 10 * 1024 * 1024, config: codeLimit, schema: { tags, summary: 'Apply for an account (multipart with file `image`, or JSON with `image` as a data URL)' } },
    async (request, reply) => {
      const { fields, file } = await readFormWithImage(request, 'image', 'Image must be 5MB or less');
      let input;
      try {
        input = validate(registerSchema, fields);
      } catch (err) {
        // Report a missing passport together with the other field errors.
        if (err instanceof AppError && !file) err.errors!.image = 'Please upload a passport photograph';
        throw err;
      }
      const customer = await auth.register(input, file);
      return reply.status(201).send({
        success: true,
        message: 'Application submitted successfully',
        email: customer.email,
      });
    },
  );

  app.post('/auth/verify-email', { config: codeLimit, schema: { tags, summary: 'Verify the e-mail address with the 6-digit code' } }, async (request) => {
    const { email, code } = validate(verifyEmailSchema, request.body);
    await auth.verifyEmail(email, code);
    return { success: true, message: 'Code verified successfully' };
  });

  app.post('/auth/resend-code', { config: codeLimit, schema: { tags, summary: 'Send a new verification code (not sooner than 30 s)' } }, async (request) => {
    const { email } = validate(resendCodeSchema, request.body);
    await auth.resendCode(email);
    return { success: true, message: 'If an application with this e-mail is awaiting verification, a new code is on its way.' };
  });

  app.post('/auth/login', { config: loginLimit, schema: { tags, summary: 'Sign in with account number and password' } }, async (request, reply) => {
    const { accountNumber, password } = validate(loginSchema, request.body);
    // An unverified e-mail does not block sign-in: the applicant sees the review status and
    // user.emailVerified === false; money needs staff approval (requireApprovedCustomer) anyway.
    const customer = await auth.login(accountNumber, password);
    return completeCustomerSignIn(app, request, reply, customer.id);
  });

  app.get('/auth/check', { preHandler: app.requireCustomer, schema: { tags, summary: 'The signed-in customer' } }, async (request) => {
    const user = await auth.userFor(request.customer!.id);
    return { success: true, user, csrfToken: request.customer!.csrfToken };
  });

  app.post('/auth/logout', { schema: { tags, summary: 'Revoke this session' } }, async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.requireCustomer(request, reply);
      await app.sessions.revoke(request.customer!.sessionId);
    } catch (err) {
      // Logging out an already-dead session still clears the cookies; a CSRF failure does not.
      if (err instanceof AppError && err.statusCode === 403) throw err;
    }
    app.sessions.clearCookies(reply, 'customer');
    return { success: true, message: 'Logged out successfully' };
  });

  app.post('/auth/change-password', { preHandler: app.requireCustomer, schema: { tags, summary: 'Change the password; other sessions are signed out' } }, async (request) => {
    const { currentPassword, newPassword } = validate(changePasswordRequestSchema, request.body);
    await auth.changePassword(request.customer!.id, request.customer!.sessionId, currentPassword, newPassword);
    return { success: true, message: 'Password changed successfully. Your other sessions were signed out.' };
  });

  app.post('/auth/forgot-password', { config: codeLimit, schema: { tags, summary: 'E-mail a single-use reset link (same answer whether or not the e-mail exists)' } }, async (request) => {
    const { email } = validate(forgotPasswordSchema, request.body);
    // After the answer: how long it takes must not say whether the e-mail has an account.
    app.background.run('password reset mail', () => auth.forgotPassword(email));
    return { success: true, message: 'If an account uses this e-mail, a reset link is on its way. It is valid for 30 minutes.' };
  });

  app.post('/auth/reset-password', { config: codeLimit, schema: { tags, summary: 'Set a new password with a reset link token' } }, async (request) => {
    const { token, newPassword } = validate(resetPasswordRequestSchema, request.body);
    await auth.resetPassword(token, newPassword);
    return { success: true, message: 'Your password has been reset. Please sign in.' };
  });
}
