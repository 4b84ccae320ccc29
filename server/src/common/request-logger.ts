import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilent } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** The root logger is pino's, which answers isLevelEnabled. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made the first time the request logs a line at a level the root logger writes.
 *
 * Fastify gives every request a child logger bound to its id. pino runs each binding through the redaction when the
 * child is made, and with the top-level wildcards of REDACT_PATHS ('*.password', ...) that is the slow, allocating
 * path of @pinojs/redact for a plain string: ~8% of everything a same-bank transfer allocated (a sampling heap profile
 * of the bench's server), for a logger that most requests never write with at the production level. The child made
 * here has the same bindings, options and redaction; it is only made later, or never.
 */
class RequestLogger {
  private made: PinoLogger | undefined;

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): PinoLogger {
    this.made ??= this.parent.child(this.bindings, this.options) as PinoLogger;
    return this.made;
  }

  get level(): LevelWithSilent {
    return (this.made ?? this.parent).level as LevelWithSilent;
  }

  set level(level: LevelWithSilent) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  silent(): void {}

  // Methods on the prototype: arrow functions in fields would cost six closures a request, the allocation this saves.
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.logger[level] as (...a: unknown[]) => void)(...args);
  }
}

/**
 * Fastify's childLoggerFactory: a RequestLogger, unless the route sets a level or serializers of its own (then the
 * child is made at once, as Fastify would).
 */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger as PinoLogger, bindings, options) as unknown as FastifyBaseLogger;
}
