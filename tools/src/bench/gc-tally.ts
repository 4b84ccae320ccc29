// The server's garbage collections during a scenario of npm run bench, read from the lines Node's --trace-gc prints.
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fig } from './steady-rate';

/** "[pid:isolate]  35460 ms: Scavenge 101.9 (142.1) -> 76.3 (142.1) MB, 1.51 / 0.45 ms  (average mu = ...": kind, then the pause. */
const GC_LINE = /^\[\d+:0x[0-9a-f]+\]\s+\d+ ms: (Scavenge|Mark-Compact|Mark-Compact \(reduce\)|Minor Mark-Sweep)\b.*? MB, ([\d.]+) \/ [\d.]+ ms/;

/** A mark-compact's incremental marking on the main thread before its pause: "(+ 22.0 ms in 130 steps since start of marking". */
const MARKING_STEPS = /\(\+ ([\d.]+) ms in \d+ steps since start of marking/;

export interface GcEvent {
  major: boolean;
  pauseMs: number;
  /** A mark-compact's incremental marking steps, which also ran on the main thread, before the pause (0 if none). */
  markingStepsMs: number;
  /** Asked for by the program (`gc()`, reason "testing"): the server's idle collector (docs/performance.md#heap-headroom-and-idle-collection). */
  requested: boolean;
}

/** One --trace-gc line as a collection (a mark-compact is major), or undefined for any other line. */
export function parseGcLine(line: string): GcEvent | undefined {
  const match = GC_LINE.exec(line);
  if (!match) return undefined;
  return {
    major: match[1].startsWith('Mark-Compact'),
    pauseMs: Number(match[2]),
    markingStepsMs: Number(MARKING_STEPS.exec(line)?.[1] ?? 0),
    requested: / testing;/.test(line),
  };
}

/** A scavenge: when it ended (epoch ms, as its line arrived) and its pause. */
export interface Scavenge {
  atEpochMs: number;
  pauseMs: number;
}

export interface GcFigures {
  /** Each scavenge, to count and add up (scavengeTotals) and to set beside the slow seconds (gcBySecond). */
  scavenges: Scavenge[];
  /** When each mark-compact ended (epoch ms, as its line arrived), its pause and its marking steps: to set beside the slow seconds. */
  majors: { atEpochMs: number; pauseMs: number; markingStepsMs: number }[];
}

const none = (): GcFigures => ({ scavenges: [], majors: [] });

/** The mark-compacts before `epochMs`, how many of them the server asked for in a quiet second, and the last of those. */
export function describeMajorsBefore(majors: { atEpochMs: number; requested: boolean }[], epochMs: number): string {
  const before = majors.filter((major) => major.atEpochMs < epochMs);
  const requested = before.filter((major) => major.requested);
  const last = requested.at(-1);
  const lastText = last ? `, the last ${fig((epochMs - last.atEpochMs) / 1000)} s before it` : '';
  return `the server's mark-compacts before the minute: ${before.length}, ${requested.length} of them its idle collector's${lastText}`;
}

/** How many scavenges, their pauses in all and the longest. */
export function scavengeTotals(scavenges: Scavenge[]): { count: number; pauseMs: number; longestMs: number } {
  return {
    count: scavenges.length,
    pauseMs: scavenges.reduce((sum, scavenge) => sum + scavenge.pauseMs, 0),
    longestMs: scavenges.reduce((longest, scavenge) => Math.max(longest, scavenge.pauseMs), 0),
  };
}

/** The server's collections that ended in one second of a run: what its main thread spent collecting then. */
export interface SecondGc {
  scavenges: number;
  scavengePauseMs: number;
  majors: { pauseMs: number; markingStepsMs: number }[];
}

/**
 * The collections of `figures` by the second of the run (from `startEpochMs`) in which each ended, for `seconds`
 * seconds; one that ended outside them is left out.
 */
export function gcBySecond(figures: GcFigures, startEpochMs: number, seconds: number): SecondGc[] {
  const bySecond = Array.from({ length: seconds }, (): SecondGc => ({ scavenges: 0, scavengePauseMs: 0, majors: [] }));
  const secondOf = (atEpochMs: number) => bySecond[Math.floor((atEpochMs - startEpochMs) / 1000)];
  for (const scavenge of figures.scavenges) {
    const second = secondOf(scavenge.atEpochMs);
    if (!second) continue;
    second.scavenges += 1;
    second.scavengePauseMs += scavenge.pauseMs;
  }
  for (const major of figures.majors) secondOf(major.atEpochMs)?.majors.push({ pauseMs: major.pauseMs, markingStepsMs: major.markingStepsMs });
  return bySecond;
}

/**
 * Reads a server process started with --trace-gc and stdio 'pipe': its GC lines are counted between start() and
 * stop(); every other line is passed on to this process's console, as with stdio 'inherit'.
 */
export class GcTally {
  private counting?: GcFigures;
  /** Every mark-compact since the server started, counted or not: when it ended and whether the program asked for it. */
  readonly majorsSinceStart: { atEpochMs: number; requested: boolean }[] = [];

  constructor(server: ChildProcess) {
    if (server.stdout) createInterface({ input: server.stdout }).on('line', (line) => this.take(line, (text) => console.log(text)));
    if (server.stderr) createInterface({ input: server.stderr }).on('line', (line) => this.take(line, (text) => console.error(text)));
  }

  start(): void {
    this.counting = none();
  }

  stop(): GcFigures {
    const figures = this.counting ?? none();
    this.counting = undefined;
    return figures;
  }

  private take(line: string, passOn: (text: string) => void) {
    const event = parseGcLine(line);
    if (!event) return passOn(line);
    if (event.major) this.majorsSinceStart.push({ atEpochMs: Date.now(), requested: event.requested });
    const figures = this.counting;
    if (!figures) return;
    if (event.major) {
      figures.majors.push({ atEpochMs: Date.now(), pauseMs: event.pauseMs, markingStepsMs: event.markingStepsMs });
    } else {
      figures.scavenges.push({ atEpochMs: Date.now(), pauseMs: event.pauseMs });
    }
  }
}
