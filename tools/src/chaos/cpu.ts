// CPU seconds the whole system under test has used so far (Linux /proc): this process (clients and proxy) with
// the children it has reaped (killed servers, stopped PostgreSQL clusters), the live server processes, and the
// live PostgreSQL cluster (postmaster, the backends it has reaped, its live backends). Divided by operations,
// it says what a transfer costs whatever else the machine was doing, which the wall-clock rate does not.
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_S = 100;

function stat(pid: number | 'self'): { ppid: number; own: number; children: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), own: (Number(f[11]) + Number(f[12])) / TICKS_PER_S, children: (Number(f[13]) + Number(f[14])) / TICKS_PER_S };
  } catch {
    return undefined;
  }
}

export function systemCpuS(serverPids: (number | undefined)[], postmasterPid: number | undefined): number {
  const self = stat('self');
  let total = self ? self.own + self.children : 0;
  for (const pid of serverPids) if (pid) total += stat(pid)?.own ?? 0;
  if (postmasterPid) {
    const postmaster = stat(postmasterPid);
    total += postmaster ? postmaster.own + postmaster.children : 0;
    try {
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        const p = stat(Number(entry));
        if (p?.ppid === postmasterPid) total += p.own;
      }
    } catch {
      /* no /proc */
    }
  }
  return total;
}
