import { chargeDependantAllowance, openFurtherAccount } from '../../src/modules/accounts';
import { createTestApp, lastMail, registerCustomer, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { answer, holdersList, invite, lastAudit, makeHolder, person, type Person } from './holders-helpers';

describe('account holders: invitations, limits and removal', () => {
  let t: TestApp;
  let staff: Session;
  let owner: Person;
  const last4 = (p: Person) => p.accountNumber.slice(-4);

  beforeAll(async () => {
    // Many invitations from one owner in a minute: the per-customer limit is not what these tests are about.
    t = await createTestApp({ lookupRateLimitPerMinute: 10_000 });
    staff = await staffSession(t.app);
    owner = await person(t.app, staff, 'Olivia', 'Owens');
  });
  afterAll(() => t.close());

  it('invites an existing customer as a joint holder, who sees the invitation, accepts, and then holds the account', async () => {
    const joint = await person(t.app, staff, 'Jamie', 'Lee');
    const sent = await invite(t.app, owner.session, owner.accountId, { accountNumber: joint.accountNumber, role: 'joint' });
    expect(sent.statusCode).toBe(201);
    const invitation = sent.json().invitation;
    // Named as a same-bank payee is: first name and last initial.
    expect(sent.json()).toMatchObject({ success: true, message: 'Invitation sent to Jamie L.' });
    expect(invitation).toMatchObject({ name: 'Jamie L.', role: 'joint', status: 'invited', dailyLimit: null });

    // Both parties are told; the invitee's mail names the inviter and the account by its last four digits.
    const toInvitee = await lastMail(t.app, joint.email);
    expect(toInvitee.template).toBe('holderInvited');
    expect(toInvitee.bodyText).toContain(`Olivia O. invited you to hold the account ${owner.accountName} (ending ${last4(owner)}) as a joint holder`);
    const toOwner = await lastMail(t.app, owner.email);
    expect(toOwner.template).toBe('holderInvitationSent');
    expect(toOwner.bodyText).toContain('You invited Jamie L. to hold the account');
    expect(await lastAudit(t.app, invitation.id)).toMatchObject({ actor_type: 'customer', actor_id: owner.id, action: 'account_holder.invite', details: { role: 'joint', customerId: joint.id } });

    // Invited is not holding: the account is still not the invitee's to see.
    expect((await holdersList(t.app, joint.session, owner.accountId)).statusCode).toBe(404);
    const waiting = await t.app.inject({ method: 'GET', url: '/v1/accounts/invitations', headers: joint.session.headers });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().items).toEqual([
      { id: invitation.id, accountName: owner.accountName, accountLast4: last4(owner), currency: 'USD', role: 'joint', dailyLimit: null, inviterName: 'Olivia O.', invitedAt: expect.any(String) },
    ]);
    // The number is masked: only its last four digits are given.
    expect(waiting.body).not.toContain(owner.accountNumber);

    const accepted = await answer(t.app, joint.session, invitation.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe(`You now hold ${owner.accountName} (ending ${last4(owner)}).`);
    const [row] = await t.app.db.query(`SELECT status, responded_at FROM account_holders WHERE id = $1`, [invitation.id]);
    expect(row.status).toBe('active');
    expect(row.responded_at).toBeInstanceOf(Date);
    const told = await lastMail(t.app, owner.email);
    expect(told.template).toBe('holderInvitationAnswered');
    expect(told.bodyText).toContain('Jamie L. accepted the invitation and now holds the account');
    expect((await lastMail(t.app, joint.email)).bodyText).toContain('You accepted the invitation and now hold the account');
    expect(await lastAudit(t.app, invitation.id)).toMatchObject({ actor_type: 'customer', actor_id: joint.id, action: 'account_holder.accept' });

    const list = await holdersList(t.app, joint.session, owner.accountId);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      { id: null, role: 'owner', status: 'active', name: 'Olivia O.', you: false, dailyLimit: null, spentToday: null, since: expect.any(String) },
      { id: invitation.id, role: 'joint', status: 'active', name: 'Jamie L.', you: true, dailyLimit: null, spentToday: null, since: expect.any(String) },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/accounts/invitations', headers: joint.session.headers })).json().items).toEqual([]);
    // Answered once: a second answer finds no invitation.
    expect((await answer(t.app, joint.session, invitation.id, 'decline')).statusCode).toBe(404);
  });

  it('refuses inviting yourself, the owner, someone invited or holding already, an unknown number and an account that is not open', async () => {
    const joint = await person(t.app, staff, 'Jo', 'Joint');
    const cousin = await person(t.app, staff, 'Casey', 'Cousin');
    await makeHolder(t.app, owner, joint, 'joint');
    const self = await invite(t.app, owner.session, owner.accountId, { accountNumber: owner.accountNumber, role: 'joint' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ success: false, error: 'You cannot invite yourself', errors: { accountNumber: 'You cannot invite yourself' } });
    // A joint holder acts as the owner, yet the owner is nobody's invitee.
    const theOwner = await invite(t.app, joint.session, owner.accountId, { accountNumber: owner.accountNumber, role: 'joint' });
    expect(theOwner.statusCode).toBe(409);
    expect(theOwner.json().error).toBe('Olivia O. owns this account');
    const holding = await invite(t.app, owner.session, owner.accountId, { accountNumber: joint.accountNumber, role: 'dependant', dailyLimit: '5.00' });
    expect(holding.statusCode).toBe(409);
    expect(holding.json().error).toBe('Jo J. already holds this account');
    expect((await invite(t.app, owner.session, owner.accountId, { accountNumber: cousin.accountNumber, role: 'joint' })).statusCode).toBe(201);
    const twice = await invite(t.app, owner.session, owner.accountId, { accountNumber: cousin.accountNumber, role: 'joint' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Casey C. is already invited to this account');
    const unknown = await invite(t.app, owner.session, owner.accountId, { accountNumber: '1000000001', role: 'joint' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual({ accountNumber: 'No customer found with this account number' });

    const other = await person(t.app, staff, 'Frida', 'Frozen');
    const someone = await person(t.app, staff, 'Sam', 'Someone');
    // Frozen: still the holders' to manage, not to share; closed: nothing to manage (resolveAccount refuses it).
    for (const [status, code, error] of [
      ['frozen', 409, 'This account is frozen: it cannot be shared until it is unfrozen'],
      ['closed', 403, 'This account is closed'],
    ] as const) {
      await t.ownerQuery(`UPDATE accounts SET status = $2::varchar, closed_at = CASE WHEN $2::varchar = 'closed' THEN now() END WHERE id = $1`, [other.accountId, status]);
      const refused = await invite(t.app, other.session, other.accountId, { accountNumber: someone.accountNumber, role: 'joint' });
      expect({ status, code: refused.statusCode, error: refused.json().error }).toEqual({ status, code, error });
    }
  });

  it('finds the invitee by any of their active account numbers, never by a closed one or a customer not yet approved', async () => {
    const sibling = await person(t.app, staff, 'Sasha', 'Sibling');
    const db = t.app.db.manager;
    const savingsId = await openFurtherAccount(db, { customerId: sibling.id, product: 'savings', currency: 'USD', name: 'Savings', status: 'active' });
    const [{ number }] = await t.app.db.query(`SELECT number FROM accounts WHERE id = $1`, [savingsId]);
    const found = await invite(t.app, owner.session, owner.accountId, { accountNumber: number, role: 'joint' });
    expect(found.statusCode).toBe(201);
    expect(found.json().invitation.name).toBe('Sasha S.');
    const [holder] = await t.app.db.query(`SELECT customer_id FROM account_holders WHERE id = $1`, [found.json().invitation.id]);
    expect(holder.customer_id).toBe(sibling.id);

    const other = await person(t.app, staff, 'Cleo', 'Closed');
    const closedId = await openFurtherAccount(db, { customerId: other.id, product: 'savings', currency: 'USD', name: 'Old', status: 'active' });
    await t.ownerQuery(`UPDATE accounts SET status = 'closed', closed_at = now() WHERE id = $1`, [closedId]);
    const [{ number: closedNumber }] = await t.app.db.query(`SELECT number FROM accounts WHERE id = $1`, [closedId]);
    expect((await invite(t.app, owner.session, owner.accountId, { accountNumber: closedNumber, role: 'joint' })).statusCode).toBe(404);

    // Registered, not yet approved: nobody can share an account with them yet.
    const pending = await registerCustomer(t.app);
    expect((await invite(t.app, owner.session, owner.accountId, { accountNumber: pending.accountNumber, role: 'joint' })).statusCode).toBe(404);
  });

  it("sets a dependant's daily limit on invitation and changes it at once, counting what is spent today", async () => {
    const child = await person(t.app, staff, 'Kit', 'Kid');
    const holderId = await makeHolder(t.app, owner, child, 'dependant', '25.50');
    const mine = (await holdersList(t.app, child.session, owner.accountId)).json().items.find((h: { you: boolean }) => h.you);
    expect(mine).toMatchObject({ id: holderId, role: 'dependant', status: 'active', dailyLimit: '25.50', spentToday: '0.00' });

    const changed = await t.app.inject({ method: 'PATCH', url: `/v1/accounts/${owner.accountId}/holders/${holderId}`, headers: owner.session.headers, payload: { dailyLimit: '10.00' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().holder).toMatchObject({ id: holderId, dailyLimit: '10.00', spentToday: '0.00', name: 'Kit K.' });
    expect(await lastAudit(t.app, holderId)).toMatchObject({ action: 'account_holder.limit_change', actor_type: 'customer', details: { before: '25.50', after: '10.00' } });
    const toChild = await lastMail(t.app, child.email);
    expect(toChild.template).toBe('holderLimitChanged');
    expect(toChild.bodyText).toContain('Olivia O. set your daily spending limit on the account');
    expect(toChild.bodyText).toContain('$10.00');
    expect((await lastMail(t.app, owner.email)).bodyText).toContain("You set Kit K.'s daily spending limit");

    // In force for the next payment: the allowance the payment path charges reads the new limit.
    expect(await chargeDependantAllowance(t.app.db.manager, holderId, 1001n)).toBe(false);
    expect(await chargeDependantAllowance(t.app.db.manager, holderId, 800n)).toBe(true);
    // Lowered below today's spending: nothing more leaves today, and the row stays within its limit.
    const lowered = await t.app.inject({ method: 'PATCH', url: `/v1/accounts/${owner.accountId}/holders/${holderId}`, headers: owner.session.headers, payload: { dailyLimit: '5' } });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().holder).toMatchObject({ dailyLimit: '5.00', spentToday: '5.00' });
    expect(await chargeDependantAllowance(t.app.db.manager, holderId, 1n)).toBe(false);
  });

  it("takes a limit only for a dependant, in the account's currency", async () => {
    const partner = await person(t.app, staff, 'Pat', 'Partner');
    const jointId = await makeHolder(t.app, owner, partner, 'joint');
    const joint = await t.app.inject({ method: 'PATCH', url: `/v1/accounts/${owner.accountId}/holders/${jointId}`, headers: owner.session.headers, payload: { dailyLimit: '10.00' } });
    expect(joint.statusCode).toBe(400);
    expect(joint.json().errors).toEqual({ dailyLimit: 'Only a family member (dependant) has a daily limit' });

    const yenId = await openFurtherAccount(t.app.db.manager, { customerId: owner.id, product: 'checking', currency: 'JPY', name: 'Yen', status: 'active' });
    const child = await person(t.app, staff, 'Yuki', 'Young');
    const cents = await invite(t.app, owner.session, yenId, { accountNumber: child.accountNumber, role: 'dependant', dailyLimit: '1000.50' });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().errors).toEqual({ dailyLimit: 'The daily limit can have at most 0 decimal places' });
    const whole = await invite(t.app, owner.session, yenId, { accountNumber: child.accountNumber, role: 'dependant', dailyLimit: '1000' });
    expect(whole.statusCode).toBe(201);
    expect(whole.json().invitation.dailyLimit).toBe('1000.00');
    const [row] = await t.app.db.query(`SELECT daily_limit_minor::text AS minor FROM account_holders WHERE id = $1`, [whole.json().invitation.id]);
    expect(row.minor).toBe('1000');
    expect((await lastMail(t.app, child.email)).bodyText).toContain('a family member with a daily spending limit of');
  });

  it('declines an invitation: the inviter is told, nothing changes, and the person can be invited again', async () => {
    const friend = await person(t.app, staff, 'Fran', 'Friend');
    const sent = await invite(t.app, owner.session, owner.accountId, { accountNumber: friend.accountNumber, role: 'dependant', dailyLimit: '15.00' });
    const id = sent.json().invitation.id;
    // Only the invitee answers: to anyone else it does not exist.
    expect((await answer(t.app, owner.session, id, 'accept')).statusCode).toBe(404);
    const declined = await answer(t.app, friend.session, id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ success: true, message: 'Invitation declined.', invitation: { id, role: 'dependant', dailyLimit: '15.00' } });
    const [row] = await t.app.db.query(`SELECT status, responded_at FROM account_holders WHERE id = $1`, [id]);
    expect(row.status).toBe('declined');
    const told = await lastMail(t.app, owner.email);
    expect(told.template).toBe('holderInvitationAnswered');
    expect(told.bodyText).toContain('Fran F. declined the invitation');
    expect(await lastAudit(t.app, id)).toMatchObject({ action: 'account_holder.decline', actor_id: friend.id });
    expect((await holdersList(t.app, friend.session, owner.accountId)).statusCode).toBe(404);
    expect((await invite(t.app, owner.session, owner.accountId, { accountNumber: friend.accountNumber, role: 'joint' })).statusCode).toBe(201);
  });

  it('removes a holder with effect on their very next request, and lets holders leave and a joint holder remove others', async () => {
    const family = await person(t.app, staff, 'Fay', 'Family');
    const partner = await person(t.app, staff, 'Pia', 'Partner');
    const child = await person(t.app, staff, 'Cal', 'Child');
    const teen = await person(t.app, staff, 'Tia', 'Teen');
    const famOwner = family;
    const jointId = await makeHolder(t.app, famOwner, partner, 'joint');
    const childId = await makeHolder(t.app, famOwner, child, 'dependant', '10.00');
    const teenId = await makeHolder(t.app, famOwner, teen, 'dependant', '20.00');
    expect((await holdersList(t.app, partner.session, famOwner.accountId)).statusCode).toBe(200);

    // A joint holder removes another holder.
    const byJoint = await t.app.inject({ method: 'DELETE', url: `/v1/accounts/${famOwner.accountId}/holders/${childId}`, headers: partner.session.headers });
    expect(byJoint.statusCode).toBe(200);
    expect(byJoint.json().message).toBe('Holder removed.');
    expect((await lastMail(t.app, child.email)).bodyText).toContain('Pia P. removed you from the account');
    expect((await lastMail(t.app, famOwner.email)).bodyText).toContain('Pia P. removed Cal C. from the account');
    expect((await lastMail(t.app, partner.email)).bodyText).toContain('You removed Cal C. from the account');
    expect(await lastAudit(t.app, childId)).toMatchObject({ action: 'account_holder.remove', actor_id: partner.id });
    // The same session, signed in before: refused at once.
    expect((await holdersList(t.app, child.session, famOwner.accountId)).statusCode).toBe(404);
    expect(await chargeDependantAllowance(t.app.db.manager, childId, 1n)).toBe(false);

    // The owner removes the joint holder, whose session loses the account on its next request.
    const byOwner = await t.app.inject({ method: 'DELETE', url: `/v1/accounts/${famOwner.accountId}/holders/${jointId}`, headers: famOwner.session.headers });
    expect(byOwner.statusCode).toBe(200);
    const gone = await holdersList(t.app, partner.session, famOwner.accountId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ success: false, error: 'Account not found' });
    const [row] = await t.app.db.query(`SELECT status, removed_at FROM account_holders WHERE id = $1`, [jointId]);
    expect(row.status).toBe('removed');
    expect(row.removed_at).toBeInstanceOf(Date);
    // Removed once: there is nobody left to remove.
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/accounts/${famOwner.accountId}/holders/${jointId}`, headers: famOwner.session.headers })).statusCode).toBe(404);

    // A dependant leaves.
    const left = await t.app.inject({ method: 'DELETE', url: `/v1/accounts/${famOwner.accountId}/holders/${teenId}`, headers: teen.session.headers });
    expect(left.statusCode).toBe(200);
    expect(left.json().message).toBe('You no longer hold this account.');
    expect((await lastMail(t.app, teen.email)).bodyText).toContain('You left the account');
    expect((await lastMail(t.app, famOwner.email)).bodyText).toContain('Tia T. left the account');
    expect(await lastAudit(t.app, teenId)).toMatchObject({ action: 'account_holder.leave', actor_id: teen.id });
    expect((await holdersList(t.app, teen.session, famOwner.accountId)).statusCode).toBe(404);
    const remaining = (await holdersList(t.app, famOwner.session, famOwner.accountId)).json().items;
    expect(remaining).toEqual([expect.objectContaining({ role: 'owner', you: true })]);
  });

  it('withdraws an invitation: it leaves the invitee list and can no longer be accepted', async () => {
    const guest = await person(t.app, staff, 'Gus', 'Guest');
    const id = (await invite(t.app, owner.session, owner.accountId, { accountNumber: guest.accountNumber, role: 'joint' })).json().invitation.id;
    const withdrawn = await t.app.inject({ method: 'DELETE', url: `/v1/accounts/${owner.accountId}/holders/${id}`, headers: owner.session.headers });
    expect(withdrawn.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/accounts/invitations', headers: guest.session.headers })).json().items).toEqual([]);
    expect((await answer(t.app, guest.session, id, 'accept')).statusCode).toBe(404);
    expect((await lastMail(t.app, guest.email)).template).toBe('holderRemoved');
  });

  it('drops an invitation to an account closed since from the list; it can be declined, not accepted', async () => {
    const closing = await person(t.app, staff, 'Cora', 'Closing');
    const guest = await person(t.app, staff, 'Gil', 'Guest');
    const id = (await invite(t.app, closing.session, closing.accountId, { accountNumber: guest.accountNumber, role: 'joint' })).json().invitation.id;
    const listed = async () => (await t.app.inject({ method: 'GET', url: '/v1/accounts/invitations', headers: guest.session.headers })).json().items.map((i: { id: string }) => i.id);
    expect(await listed()).toEqual([id]);
    await t.ownerQuery(`UPDATE accounts SET status = 'closed', closed_at = now() WHERE id = $1`, [closing.accountId]);
    expect(await listed()).toEqual([]);
    const accepted = await answer(t.app, guest.session, id, 'accept');
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error).toBe('This account is closed');
    expect((await answer(t.app, guest.session, id, 'decline')).statusCode).toBe(200);
  });
});
