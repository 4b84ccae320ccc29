import type { RouteInstance } from '../../common/type-provider';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { passkeyNameSchema, strictObject } from '@strongroom/shared';
import * as yup from 'yup';
import { idParamsFor, okResponse, responses } from '../../common/route-schemas';
import { PasskeysService } from './passkeys.service';
import { completeCustomerSignIn } from './sign-in';
import { userSchema } from '../user';

const tags = ['passkeys'];
const passkeyIdParams = idParamsFor('Passkey not found');
const credentialField = () => yup.object().required('The passkey response is missing').typeError('The passkey response is missing');
const registerSchema = strictObject({ name: passkeyNameSchema, response: credentialField() });
const assertionSchema = strictObject({ response: credentialField() });
const openObject = { type: 'object', additionalProperties: true };
const passkeySchema = {
  type: 'object',
  required: ['id', 'name', 'createdAt', 'lastUsedAt'],
  properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, lastUsedAt: { type: ['string', 'null'], format: 'date-time' } },
};
/** WebAuthn options as @simplewebauthn/server makes them, passed to the browser unchanged. */
const optionsResponse = responses({ 200: okResponse({ options: openObject }) });

/** Customer passkeys: add and remove in Profile > Security; sign in with one, no password. */
export default async function passkeyRoutes(app: RouteInstance) {
  const passkeys = new PasskeysService(app);
  const customer = app.requireCustomer;
  const loginLimit = { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } };

  app.get(
    '/auth/passkeys',
    {
      preHandler: customer,
      schema: { tags, summary: "The customer's passkeys: name, created, last used", response: responses({ 200: okResponse({ passkeys: { type: 'array', items: passkeySchema } }) }) },
    },
    async (request) => {
      return { success: true, passkeys: await passkeys.list(request.customer!.id) };
    },
  );

  app.post(
    '/auth/passkeys/registration-options',
    { preHandler: customer, config: { noBody: true }, schema: { tags, summary: 'Start adding a passkey (WebAuthn creation options)', response: optionsResponse } },
    async (request) => ({ success: true, options: await passkeys.registrationOptions(request.customer!.id) }),
  );

  app.post(
    '/auth/passkeys',
    { preHandler: customer, schema: { tags, summary: 'Finish adding a passkey with the authenticator response', body: registerSchema, response: responses({ 201: okResponse() }) } },
    async (request, reply) => {
      const { name, response } = request.body;
      const passkey = await passkeys.register(request.customer!.id, name, response as unknown as RegistrationResponseJSON);
      return reply.status(201).send({ success: true, message: 'Passkey added', passkey });
    },
  );

  app.delete('/auth/passkeys/:id', { preHandler: customer, schema: { tags, summary: 'Remove a passkey', params: passkeyIdParams, response: responses({ 200: okResponse() }) } }, async (request) => {
    const { id } = request.params;
    await passkeys.remove(request.customer!.id, id);
    return { success: true, message: 'Passkey removed' };
  });

  app.post(
    '/auth/passkey-login/options',
    { config: { rateLimit: loginLimit.rateLimit, noBody: true }, schema: { tags, summary: 'Start signing in with a passkey', response: optionsResponse } },
    async () => {
      return { success: true, options: await passkeys.signInOptions() };
    },
  );

  app.post(
    '/auth/passkey-login',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Sign in with a passkey (no password)',
        body: assertionSchema,
        response: responses({ 200: okResponse({ user: userSchema, token: { type: 'string' }, csrfToken: { type: 'string' } }) }),
      },
    },
    async (request, reply) => {
      const { response } = request.body;
      const customerId = await passkeys.verifyAssertion(response as unknown as AuthenticationResponseJSON, 'sign_in', null);
      return completeCustomerSignIn(app, request, reply, customerId);
    },
  );
}
