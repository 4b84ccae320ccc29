// BENCH_CPUS: the whole bench (this process and all it starts: PostgreSQL, the server, pgbench) gets that many cores'
// worth of CPU time a millisecond, spread over all the machine's cores, through the kernel's CFS bandwidth limit. So
// one machine stands in for a slower one, to check the targets there run after run (docs/performance.md#knobs). The period is
// short (1 ms, the kernel's least quota; longer only for less than one core) so that the limit slows every process
// evenly rather than stopping them all for tens of milliseconds.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fig } from './steady-rate';

/** The kernel's least quota, and the period for a limit of one core or more. */
const LEAST_QUOTA_US = 1000;

export interface CpuLimit {
  /** The cgroup this process now runs in. */
  directory: string;
  /** How it was set, for the bench's header. */
  description: string;
}

/** Which cgroup hierarchy is mounted at `root`: v2 (unified) has cgroup.controllers at its top, v1 a folder per controller. */
export function cgroupVersion(root = '/sys/fs/cgroup'): 1 | 2 {
  return existsSync(join(root, 'cgroup.controllers')) ? 2 : 1;
}

/** The cgroup path (inside its hierarchy) that /proc/self/cgroup gives for the cpu controller, v1 or v2. */
export function currentCgroupPath(procSelfCgroup: string, version: 1 | 2): string {
  for (const line of procSelfCgroup.split('\n')) {
    const [id, controllers, path] = line.split(':');
    if (path === undefined) continue;
    if (version === 2 && id === '0' && controllers === '') return path;
    if (version === 1 && controllers.split(',').includes('cpu')) return path;
  }
  throw new Error(`no cgroup v${version} cpu entry in /proc/self/cgroup`);
}

/**
 * Moves process `pid` into a new cgroup beside the one it is in, limited to `cpus` cores' time. `root` is where the
 * cgroup filesystem is mounted; `procSelfCgroup` is /proc/self/cgroup's text. Needs the right to write there (root).
 * Empty cgroups that earlier runs left behind are removed first.
 */
export function limitCpu(cpus: number, pid = process.pid, root = '/sys/fs/cgroup', procSelfCgroup = readFileSync('/proc/self/cgroup', 'utf8')): CpuLimit {
  if (!(cpus > 0 && cpus <= 64)) throw new Error(`BENCH_CPUS must be a number of cores above 0, not ${cpus}`);
  const periodUs = cpus >= 1 ? LEAST_QUOTA_US : Math.round(LEAST_QUOTA_US / cpus);
  const quotaUs = Math.round(cpus * periodUs);
  const version = cgroupVersion(root);
  const { directory } = cappedCgroup(root, version, currentCgroupPath(procSelfCgroup, version), `strongroom-bench-${pid}`, quotaUs, periodUs);
  writeFileSync(join(directory, 'cgroup.procs'), String(pid));
  return {
    directory,
    description: `CPU limited to ${cpus} ${cpus === 1 ? "core's" : "cores'"} time (${quotaUs} us every ${periodUs} us, cgroup v${version}: ${directory})`,
  };
}

export interface SlowCores {
  /** How it was set, for the bench's output. */
  description: string;
  /** Puts each process back where it was; returns how long, in all, the limits held them back. */
  restore(): { throttledMs: number };
}

/**
 * BENCH_CORE_SHARE: each of `pids` gets a cgroup of its own, limited to `share` of one core's time every period
 * (1 ms of run time every 1/share ms), so that any stretch of its work longer than a millisecond or so takes as long
 * as on a core 1/share times slower. BENCH_CPUS limits the cores' time all processes share, which slows the machine's
 * throughput but lets a single request run at this core's full speed whenever the others leave time over; this slows
 * each process on its own path, as a slower core does. Processes forked later stay where they were forked.
 */
export function slowCores(pids: number[], share: number, root = '/sys/fs/cgroup', procCgroupOf = (pid: number) => readFileSync(`/proc/${pid}/cgroup`, 'utf8')): SlowCores {
  if (!(share > 0 && share < 1)) throw new Error(`BENCH_CORE_SHARE must be a share of one core above 0 and below 1, not ${share}`);
  const periodUs = Math.round(LEAST_QUOTA_US / share);
  const version = cgroupVersion(root);
  const moved = pids.map((pid) => {
    const { directory, from } = cappedCgroup(root, version, currentCgroupPath(procCgroupOf(pid), version), `strongroom-core-${pid}`, LEAST_QUOTA_US, periodUs);
    writeFileSync(join(directory, 'cgroup.procs'), String(pid));
    return { pid, directory, from };
  });
  return {
    description: `each of ${pids.length} processes held to ${share} of a core (${LEAST_QUOTA_US} us every ${periodUs} us, cgroup v${version}): a core ${fig(1 / share, 2)} times slower`,
    restore() {
      let throttledMs = 0;
      for (const { pid, directory, from } of moved) {
        throttledMs += throttledMsIn(directory);
        try {
          writeFileSync(join(from, 'cgroup.procs'), String(pid));
          rmdirSync(directory);
        } catch {
          /* the process has exited (its cgroup is then empty, and removed by the next run) */
        }
      }
      return { throttledMs };
    },
  };
}

/** How long the CPU limit of the cgroup at `directory` has held its processes back, in all (0 without cpu.stat). */
export function throttledMsIn(directory: string): number {
  if (!existsSync(join(directory, 'cpu.stat'))) return 0;
  const stat = readFileSync(join(directory, 'cpu.stat'), 'utf8');
  const v2 = /throttled_usec (\d+)/.exec(stat);
  const v1 = /throttled_time (\d+)/.exec(stat);
  return v2 ? Number(v2[1]) / 1000 : v1 ? Number(v1[1]) / 1e6 : 0;
}

/**
 * A new cgroup named `name` beside the one at `current` (a path inside the hierarchy), limited to `quotaUs` of run time
 * every `periodUs`; `from` is `current`'s own folder. Empty cgroups that earlier runs left behind are removed first.
 */
function cappedCgroup(root: string, version: 1 | 2, current: string, name: string, quotaUs: number, periodUs: number) {
  const hierarchy = version === 2 ? root : join(root, 'cpu');
  // Under cgroup v2 a cgroup with processes of its own (but the root) cannot hand controllers to its children, so the
  // new cgroup goes beside the process's, not inside it.
  const parent = join(hierarchy, version === 2 && current !== '/' ? posix.dirname(current) : current);
  removeEmptyLeftovers(parent);
  const directory = join(parent, name);
  mkdirSync(directory, { recursive: true });
  if (version === 2) {
    const enabled = readFileSync(join(parent, 'cgroup.subtree_control'), 'utf8').split(/\s+/);
    if (!enabled.includes('cpu')) writeFileSync(join(parent, 'cgroup.subtree_control'), '+cpu');
    writeFileSync(join(directory, 'cpu.max'), `${quotaUs} ${periodUs}`);
  } else {
    writeFileSync(join(directory, 'cpu.cfs_period_us'), String(periodUs));
    writeFileSync(join(directory, 'cpu.cfs_quota_us'), String(quotaUs));
  }
  return { directory, from: join(hierarchy, current) };
}

function removeEmptyLeftovers(parent: string) {
  if (!existsSync(parent)) return;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith('strongroom-bench-') && !name.startsWith('strongroom-core-')) continue;
    const procs = join(parent, name, 'cgroup.procs');
    try {
      if (readFileSync(procs, 'utf8').trim() === '') rmdirSync(join(parent, name));
    } catch {
      /* in use, or removed meanwhile: left as it is */
    }
  }
}
