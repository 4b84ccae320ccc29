import Fastify from 'fastify';
import * as yup from 'yup';
import { listQuery } from '../../src/common/list-paging';
import { idParams, yupValidatorCompiler } from '../../src/common/route-schemas';
import type { YupTypeProvider } from '../../src/common/type-provider';

/**
 * A route's yup schemas type its handler (docs/decisions/0055-route-type-provider.md). The handler below reads only
 * what its schemas declare; `tsc -p server/test` (npm run typecheck) fails if the types drift, and the requests show
 * that what the handler is typed to receive is what the validator hands it.
 */
describe('the yup type provider', () => {
  const app = Fastify().withTypeProvider<YupTypeProvider>();
  app.setValidatorCompiler(yupValidatorCompiler);
  const body = yup.object({ name: yup.string().required(), count: yup.number().integer().required(), note: yup.string().optional() }).noUnknown();

  app.post('/things/:id', { schema: { params: idParams, body, querystring: listQuery(['name', 'count'], 'name') } }, async (request) => {
    const name: string = request.body.name;
    const count: number = request.body.count;
    const note: string | undefined = request.body.note;
    // @ts-expect-error the body schema declares no colour
    void request.body.colour;
    const id: string = request.params.id;
    const sortField: 'name' | 'count' = request.query.sortField;
    const { sortOrder, offset, limit, filter } = request.query;
    return { name, count, note: note ?? null, id, sortField, sortOrder, offset, limit, filter };
  });

  afterAll(() => app.close());

  it('hands the handler the parsed list query and the validated body and params', async () => {
    const id = '3f2a7c1e-9b4d-4e8a-8c2f-1a2b3c4d5e6f';
    const res = await app.inject({
      method: 'POST',
      url: `/things/${id}`,
      query: { sort: '["count","asc"]', range: '[10,14]', filter: '{"status":"open"}' },
      payload: { name: 'Ada', count: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Ada', count: 3, note: null, id, sortField: 'count', sortOrder: 'ASC', offset: 10, limit: 5, filter: { status: 'open' } });
  });

  it('refuses what the schemas refuse before the handler runs', async () => {
    const id = '3f2a7c1e-9b4d-4e8a-8c2f-1a2b3c4d5e6f';
    const wrongType = await app.inject({ method: 'POST', url: `/things/${id}`, payload: { name: 'Ada', count: '3' } });
    expect(wrongType.statusCode).toBe(400);
    const unknownSort = await app.inject({ method: 'POST', url: `/things/${id}`, query: { sort: '["colour","DESC"]' }, payload: { name: 'Ada', count: 3 } });
    expect(unknownSort.json()).toMatchObject({ sortField: 'name', sortOrder: 'DESC', offset: 0, limit: 25 });
  });
});
