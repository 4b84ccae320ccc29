import type { FastifyInstance } from 'fastify';
import { notFound } from '../../common/app-error';
import { customerSessionHistory, recentCustomerSessions, revokeOwnSession } from './session.queries';
import { describeDevice } from './device';
import { customerById } from '../user';

export interface SessionView {
  id: string;
  device: string;
  ip: string | null;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
  active: boolean;
}

const HISTORY_SIZE = 20;

/** A customer's own sessions (Profile > Security): where they are signed in, and where they signed in lately. */
export class CustomerSessionsService {
  constructor(private readonly app: FastifyInstance) {}

  async list(customerId: string, currentSessionId: string): Promise<{ sessions: SessionView[]; history: SessionView[] }> {
    const found = await customerSessionHistory(this.app.db, customerId, HISTORY_SIZE);
    const history = found.map((s) => ({
      id: s.id,
      device: describeDevice(s.user_agent),
      ip: s.ip,
      startedAt: s.created_at.toISOString(),
      lastSeenAt: s.last_seen_at.toISOString(),
      current: s.id === currentSessionId,
      active: s.active,
    }));
    return { sessions: history.filter((s) => s.active), history };
  }

  /** Signs one of the customer's own sessions out; another customer's session is the 404 of a missing one. */
  async signOut(customerId: string, sessionId: string) {
    if (!(await revokeOwnSession(this.app.db, customerId, sessionId))) throw notFound('Session not found');
  }

  async signOutOthers(customerId: string, currentSessionId: string) {
    await this.app.sessions.revokeAllFor('customer', customerId, currentSessionId);
  }

  /**
   * After a sign-in: if this customer signed in before, but never from a device like this one, tell them by
   * e-mail (their security alerts setting permitting). Runs after the answer.
   */
  async noticeNewDevice(customerId: string, sessionId: string) {
    const sessions = await recentCustomerSessions(this.app.db, customerId);
    const current = sessions.find((s) => s.id === sessionId);
    const earlier = sessions.filter((s) => s.id !== sessionId);
    if (!current || earlier.length === 0) return;
    const device = describeDevice(current.user_agent);
    if (earlier.some((s) => describeDevice(s.user_agent) === device)) return;
    const c = await customerById(this.app.db.manager, customerId);
    if (!c || !c.notificationPreferences.securityAlerts) return;
    await this.app.mailer.send({
      to: c.email,
      template: 'newDeviceSignIn',
      data: { firstName: c.firstName, device, ip: current.ip ?? 'unknown', when: current.created_at.toUTCString() },
      customerId: c.id,
    });
  }
}
