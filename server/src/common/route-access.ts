/**
 * Who may call a route, as its guard says: the guards of plugins/auth.plugin.ts carry their kind, so the API's
 * published contract (common/openapi-contract.ts) states each operation's security from the guard that really
 * runs, never from a second list kept by hand.
 */
export type RouteAccess = 'customer' | 'staff' | 'customerOrStaff' | 'network';

const accessOfGuard = new WeakMap<object, RouteAccess>();

/** Marks `guard` as the check for `access`, and gives it back. */
export function guardFor<T extends object>(access: RouteAccess, guard: T): T {
  accessOfGuard.set(guard, access);
  return guard;
}

/** The access a route's hooks (one function or a list) require; undefined when none of them is a guard. */
export function accessOfHooks(hooks: unknown): RouteAccess | undefined {
  const list = Array.isArray(hooks) ? hooks : [hooks];
  for (const hook of list) {
    if (hook && (typeof hook === 'function' || typeof hook === 'object')) {
      const access = accessOfGuard.get(hook as object);
      if (access) return access;
    }
  }
  return undefined;
}
