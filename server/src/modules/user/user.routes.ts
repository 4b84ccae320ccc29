import type { FastifyRequest } from 'fastify';
import type { RouteInstance } from '../../common/type-provider';
import { notificationPreferencesSchema, profileSchema, type ProfileInput } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import { readUploads, uploadedFiles } from '../../common/multipart';
import { okResponse, responses } from '../../common/route-schemas';
import { AVATAR_RULES } from '../files';
import { setNotificationPreferences, updateProfileFields } from './user.queries';
import { loadCustomer, personalFields, toUserDto } from './user.service';
import { withTransaction } from '../../db/transaction';
import { preferencesAnswerSchema, userSchema } from './user.schema';

const tags = ['user'];
const preferencesResponse = responses({ 200: okResponse({ preferences: preferencesAnswerSchema }) });
const EMAIL_CHANGE_ELSEWHERE = 'To change your e-mail address, use Change e-mail under Security';

export default async function userRoutes(app: RouteInstance) {
  const updateProfile = async (request: FastifyRequest, input: ProfileInput) => {
    const file = uploadedFiles(request).image;
    const type = file ? app.files.check(file, AVATAR_RULES) : undefined;
    const user = await withTransaction(app.db, async (m) => {
      const c = await loadCustomer(m, request.customer!.id);
      // A new address needs the password and a code sent to it (Profile > Security), never a plain edit.
      if (input.email.trim().toLowerCase() !== c.email.toLowerCase()) throw new AppError(400, EMAIL_CHANGE_ELSEWHERE, { email: EMAIL_CHANGE_ELSEWHERE });
      if (file && type) {
        const stored = await app.files.store(m, file, type, 'avatar', c.id);
        c.imageFileId = stored.id;
      }
      Object.assign(c, personalFields(input), { occupation: input.occupation ?? c.occupation });
      await updateProfileFields(m, c.id, c);
      return toUserDto(m, c);
    });
    return { success: true, message: 'Profile updated successfully', user };
  };
  const profileRoute = {
    // Authenticated before the picture is read.
    onRequest: app.requireCustomer,
    preValidation: readUploads([AVATAR_RULES]),
    bodyLimit: 10 * 1024 * 1024,
    schema: {
      tags,
      summary: 'Update profile fields and, optionally, the picture (multipart `image` or JSON data URL)',
      consumes: ['multipart/form-data', 'application/json'],
      body: profileSchema,
      response: responses({ 200: okResponse({ user: userSchema }) }),
    },
  };
  app.put('/user/profile', profileRoute, async (request) => updateProfile(request, request.body));
  app.put('/auth/profile', profileRoute, async (request) => updateProfile(request, request.body));

  app.get(
    '/user/notification-preferences',
    { preHandler: app.requireCustomer, schema: { tags, summary: 'Notification preferences (docs/decisions/0010)', response: preferencesResponse } },
    async (request) => {
      const c = await loadCustomer(app.db.manager, request.customer!.id);
      return { success: true, preferences: c.notificationPreferences };
    },
  );

  app.put(
    '/user/notification-preferences',
    { preHandler: app.requireCustomer, schema: { tags, summary: 'Save notification preferences', body: notificationPreferencesSchema, response: preferencesResponse } },
    async (request) => {
      const preferences = request.body;
      await setNotificationPreferences(app.db.manager, request.customer!.id, preferences);
      return { success: true, message: 'Notification settings updated!', preferences };
    },
  );
}
