import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@strongroom/shared';

/** Who did something: what services take instead of a request (audit log, status history, rules on roles). */
export interface Actor {
  type: 'customer' | 'staff' | 'system';
  id: string | null;
  email?: string | null;
  role?: StaffRole;
  ip?: string | null;
}

export const SYSTEM_ACTOR: Actor = { type: 'system', id: null };

/** The signed-in staff member or customer behind a request (staff first: the console acts on customers' records). */
export function actorOf(request: FastifyRequest): Actor {
  if (request.staff) return { type: 'staff', id: request.staff.id, email: request.staff.email, role: request.staff.role, ip: request.ip };
  if (request.customer) return { type: 'customer', id: request.customer.id, ip: request.ip };
  return { type: 'system', id: null, ip: request.ip };
}
