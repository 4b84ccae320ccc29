import type { FastifyInstance } from 'fastify';
import { listCryptoOptions } from './crypto.service';

export default async function cryptoRoutes(app: FastifyInstance) {
  app.get('/crypto/options', { preHandler: app.requireCustomer, schema: { tags: ['crypto'], summary: 'Custody assets: deposit network and address, USD reference price' } }, async () => ({
    success: true,
    cryptoOptions: await listCryptoOptions(app.db.manager),
  }));
}
