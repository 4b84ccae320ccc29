import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notificationPreferencesSchema, profileSchema } from '@strongroom/shared';
import { validate } from '../../common/validate';
import { AppError } from '../../common/app-error';
import { readFormWithImage } from '../../common/multipart';
import { AVATAR_RULES } from '../files/files.service';
import { CustomerEntity } from './entities/customer.entity';
import { loadCustomer, personalFields, toUserDto } from './user.service';
import { withTransaction } from '../../db/transaction';

const tags = ['user'];

export default async function userRoutes(app: FastifyInstance) {
  const updateProfile = async (request: FastifyRequest) => {
    const { fields, file } = await readFormWithImage(request, 'image', AVATAR_RULES.sizeMessage);
    const input = validate(profileSchema, fields);
    const type = file ? app.files.check(file, AVATAR_RULES) : undefined;
    const user = await withTransaction(app.db, async (m) => {
      const c = await loadCustomer(m, request.customer!.id);
      const clash = await m.query(`SELECT 1 FROM customers WHERE lower(email) = lower($1) AND id <> $2`, [input.email, c.id]);
      if (clash.length > 0) throw new AppError(409, 'An account with this email already exists', { email: 'An account with this email already exists' });
      if (file && type) {
        const stored = await app.files.store(m, file, type, 'avatar', c.id);
        c.imageFileId = stored.id;
      }
      Object.assign(c, personalFields(input), { occupation: input.occupation ?? c.occupation });
      await m.save(CustomerEntity, c);
      return toUserDto(m, c);
    });
    return { success: true, message: 'Profile updated successfully', user };
  };
  const profileSchemaDoc = { tags, summary: 'Update profile fields and, optionally, the picture (multipart `image` or JSON data URL)' };
  app.put('/user/profile', { preHandler: app.requireCustomer, bodyLimit: 10 * 1024 * 1024, schema: profileSchemaDoc }, updateProfile);
  app.put('/auth/profile', { preHandler: app.requireCustomer, bodyLimit: 10 * 1024 * 1024, schema: profileSchemaDoc }, updateProfile);

  app.get('/user/notification-preferences', { preHandler: app.requireCustomer, schema: { tags, summary: 'Notification preferences (docs/decisions/0010)' } }, async (request) => {
    const c = await loadCustomer(app.db.manager, request.customer!.id);
    return { success: true, preferences: c.notificationPreferences };
  });

  app.put('/user/notification-preferences', { preHandler: app.requireCustomer, schema: { tags, summary: 'Save notification preferences' } }, async (request) => {
    const preferences = validate(notificationPreferencesSchema, request.body);
    await app.db.manager.update(CustomerEntity, { id: request.customer!.id }, { notificationPreferences: preferences });
    return { success: true, message: 'Notification settings updated!', preferences };
  });
}
