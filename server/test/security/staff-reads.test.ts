import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { approvedCustomer, createTestApp, login, registerCustomer, staffSession, type TestApp } from '../helpers/test-app';
import { depositedChequeId } from '../cheques/cheque-fixtures';

describe('staff reads are audited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const auditRows = (action: string) => t.app.db.query(`SELECT actor_type, actor_id, actor_email, target_type, target_id, details FROM audit_log WHERE action = $1 ORDER BY id`, [action]);

  it('records each staff view of an application photo (passport, proof of address), and not the owner viewing their own', async () => {
    const c = await registerCustomer(t.app);
    const [files] = await t.app.db.query(`SELECT passport_file_id AS passport, proof_of_address_file_id AS "proofOfAddress" FROM customers WHERE id = $1`, [c.id]);
    const auditor = await staffSession(t.app, 'auditor');
    for (const fileId of [files.passport, files.proofOfAddress]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/files/${fileId}`, headers: { cookie: auditor.cookie } });
      expect(res.statusCode).toBe(200);
    }
    const rowsAfter = await auditRows('file.view');
    expect(rowsAfter).toHaveLength(2);
    expect(rowsAfter[0]).toMatchObject({ actor_type: 'staff', target_type: 'stored_file', target_id: files.passport, details: { purpose: 'passport', ownerCustomerId: c.id, role: 'auditor' } });
    expect(rowsAfter[1]).toMatchObject({ target_id: files.proofOfAddress, details: { purpose: 'proof_of_address', ownerCustomerId: c.id, role: 'auditor' } });
    expect(rowsAfter[0].actor_email).toMatch(/^auditor\./);
    // The applicant may see their own photos, unrecorded.
    const owner = await login(t.app, c.accountNumber, c.password as string);
    expect((await t.app.inject({ method: 'GET', url: `/v1/files/${files.proofOfAddress}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect(await auditRows('file.view')).toHaveLength(2);
  });

  it('stores cheque images sealed and records each staff view of one', async () => {
    const c = await approvedCustomer(t.app);
    const chequeId = await depositedChequeId(t.app, c.session);
    const [{ front_file_id: fileId, storage_path: path }] = await t.app.db.query(
      `SELECT q.front_file_id, f.storage_path FROM cheques q JOIN stored_files f ON f.id = q.front_file_id WHERE q.id = $1`,
      [chequeId],
    );
    expect(
      readFileSync(join(t.dataDir, 'files', path))
        .subarray(0, 4)
        .toString(),
    ).toBe('SRE1');
    // The customer sees their own cheque without a trail; staff leave one.
    expect((await t.app.inject({ method: 'GET', url: `/v1/files/${fileId}`, headers: c.session.headers })).statusCode).toBe(200);
    expect((await auditRows('file.view')).filter((r: { target_id: string }) => r.target_id === fileId)).toHaveLength(0);
    const admin = await staffSession(t.app, 'admin');
    const res = await t.app.inject({ method: 'GET', url: `/v1/files/${fileId}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const views = (await auditRows('file.view')).filter((r: { target_id: string }) => r.target_id === fileId);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ actor_type: 'staff', details: { purpose: 'cheque', ownerCustomerId: c.id, role: 'admin' } });
  });

  it('records reading the mail outbox, list and message', async () => {
    const admin = await staffSession(t.app, 'admin');
    const list = await t.app.inject({ method: 'GET', url: '/v1/admin/outbox', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    const [first] = list.json();
    await t.app.inject({ method: 'GET', url: `/v1/admin/outbox/${first.id}`, headers: { cookie: admin.cookie } });
    expect(await auditRows('outbox.list')).toHaveLength(1);
    const views = await auditRows('outbox.view');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ target_type: 'outbox', target_id: first.id });
  });
});
