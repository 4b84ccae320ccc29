// BENCH_CPUS: the whole bench (this process and all it starts: PostgreSQL, the server, pgbench) gets that many cores'
// worth of CPU time a millisecond, spread over all the machine's cores, through the kernel's CFS bandwidth limit. So
// one machine stands in for a slower one, to check the targets there run after run (README, Benchmark). The period is
// short (1 ms, the kernel's least quota; longer only for less than one core) so that the limit slows every process
// evenly rather than stopping them all for tens of milliseconds.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';

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
  const hierarchy = version === 2 ? root : join(root, 'cpu');
  // Under cgroup v2 a cgroup with processes of its own (but the root) cannot hand controllers to its children, so the
  // new cgroup goes beside this process's, not inside it.
  const current = currentCgroupPath(procSelfCgroup, version);
  const parent = join(hierarchy, version === 2 && current !== '/' ? posix.dirname(current) : current);
  removeEmptyLeftovers(parent);
  const directory = join(parent, `strongroom-bench-${pid}`);
  mkdirSync(directory, { recursive: true });
  if (version === 2) {
    const enabled = readFileSync(join(parent, 'cgroup.subtree_control'), 'utf8').split(/\s+/);
    if (!enabled.includes('cpu')) writeFileSync(join(parent, 'cgroup.subtree_control'), '+cpu');
    writeFileSync(join(directory, 'cpu.max'), `${quotaUs} ${periodUs}`);
  } else {
    writeFileSync(join(directory, 'cpu.cfs_period_us'), String(periodUs));
    writeFileSync(join(directory, 'cpu.cfs_quota_us'), String(quotaUs));
  }
  writeFileSync(join(directory, 'cgroup.procs'), String(pid));
  return {
    directory,
    description: `CPU limited to ${cpus} ${cpus === 1 ? "core's" : "cores'"} time (${quotaUs} us every ${periodUs} us, cgroup v${version}: ${directory})`,
  };
}

function removeEmptyLeftovers(parent: string) {
  if (!existsSync(parent)) return;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith('strongroom-bench-')) continue;
    const procs = join(parent, name, 'cgroup.procs');
    try {
      if (readFileSync(procs, 'utf8').trim() === '') rmdirSync(join(parent, name));
    } catch {
      /* in use, or removed meanwhile: left as it is */
    }
  }
}
