import type { RouteInstance } from '../../common/type-provider';
import { okResponse, responses } from '../../common/route-schemas';
import { bankToday, catalogue } from './products.service';
import { productSchema } from './products.schemas';

/** The published catalogue: what anyone (signed in or not) may read before opening an account or a deposit. */
export default async function productsRoutes(app: RouteInstance) {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: "The deposit products with the rates in force today (the bank's time zone) and the changes scheduled after it",
        response: responses({ 200: okResponse({ date: { type: 'string', format: 'date', description: "Today in the bank's time zone" }, items: { type: 'array', items: productSchema } }) }),
      },
    },
    async () => {
      const date = bankToday(app);
      return { success: true, date, items: await catalogue(app.db, date) };
    },
  );
}
