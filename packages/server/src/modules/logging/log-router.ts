// The node's log destination: pino (Fastify's logger) writes JSON lines here and the router hands
// each record to the handlers of the `log` config root: the console handler (stdout) and every
// enabled file handler (<dataDir>/log/emqx.log by default), each with its own level, formatter,
// timestamp format, time offset and size rotation (emqx.log.1 … emqx.log.<rotation_count>).
// Changes to `log` apply live: handlers are rebuilt and the logger's level follows the lowest one.
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { ConfigService } from '../../config/config.service';
import { parseBytes } from '../../config/units';
import { isObject } from '../../config/tree';
import { LEVEL_RANK, formatRecord, type FormatOptions, type LogRecord } from './log-format';

interface Handler extends FormatOptions {
  rank: number;
  write(text: string): void;
  close(): void;
}

type HandlerConfig = Record<string, unknown>;

function formatOptions(cfg: HandlerConfig): FormatOptions {
  return {
    formatter: cfg.formatter === 'json' ? 'json' : 'text',
    timestampFormat: cfg.timestamp_format === 'epoch' || cfg.timestamp_format === 'rfc3339' ? cfg.timestamp_format : 'auto',
    timeOffset: typeof cfg.time_offset === 'string' ? cfg.time_offset : 'system',
  };
}

const rankOf = (level: unknown) => LEVEL_RANK[String(level)] ?? LEVEL_RANK.warning;

/** A file that rotates by size: emqx.log → emqx.log.1 → … → emqx.log.<count>, the oldest dropped. */
export class RotatingFile {
  private fd: number;
  private size: number;

  constructor(
    readonly path: string,
    private readonly rotationSize: number | null,
    private readonly rotationCount: number,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, 'a');
    this.size = fstatSync(this.fd).size;
  }

  write(text: string): void {
    const bytes = Buffer.byteLength(text);
    if (this.rotationSize !== null && this.size > 0 && this.size + bytes > this.rotationSize) this.rotate();
    writeSync(this.fd, text);
    this.size += bytes;
  }

  private rotate(): void {
    closeSync(this.fd);
    const oldest = `${this.path}.${this.rotationCount}`;
    if (existsSync(oldest)) rmSync(oldest);
    for (let i = this.rotationCount - 1; i >= 1; i--) if (existsSync(`${this.path}.${i}`)) renameSync(`${this.path}.${i}`, `${this.path}.${i + 1}`);
    renameSync(this.path, `${this.path}.1`);
    this.fd = openSync(this.path, 'a');
    this.size = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}

interface LevelTarget {
  level: string;
}

export class LogRouter {
  readonly logDir: string;
  private handlers: Handler[] = [];
  private target?: LevelTarget;
  /** problems building a handler (a file that cannot be opened), reported through the log itself */
  private problems: string[] = [];
  private readonly unwatch: () => void;

  constructor(
    private readonly config: ConfigService,
    private readonly dataDir: string,
  ) {
    this.logDir = join(dataDir, 'log');
    this.build();
    this.unwatch = config.watch('log', this.onConfig);
  }

  /** the pino level name that lets through everything some handler wants */
  pinoLevel(): string {
    if (this.handlers.length === 0) return 'silent';
    const min = Math.min(...this.handlers.map((h) => h.rank));
    if (min <= 0) return 'trace';
    if (min <= 20) return 'debug';
    if (min <= 35) return 'info';
    if (min <= 40) return 'warn';
    if (min <= 50) return 'error';
    return 'fatal';
  }

  /** the logger whose level follows the handlers (Fastify's app.log) */
  attach(target: LevelTarget & { warn(obj: object, msg: string): void }): void {
    this.target = target;
    for (const problem of this.problems.splice(0)) target.warn({ reason: problem }, 'log_handler_not_started');
  }

  /** resolves a handler path: ${EMQX_LOG_DIR} is <dataDir>/log, relative paths are under it too */
  resolvePath(path: string): string {
    const expanded = path.replace(/\$\{EMQX_LOG_DIR\}/g, this.logDir);
    return isAbsolute(expanded) ? expanded : join(this.logDir, expanded);
  }

  private readonly onConfig = () => {
    this.build();
    if (this.target) {
      this.target.level = this.pinoLevel();
      this.attach(this.target as LevelTarget & { warn(obj: object, msg: string): void });
    }
  };

  private build(): void {
    for (const h of this.handlers) h.close();
    this.handlers = [];
    const log = this.config.get<Record<string, unknown>>('log') ?? {};
    const consoleCfg = isObject(log.console) ? log.console : {};
    if (consoleCfg.enable === true) {
      this.handlers.push({ ...formatOptions(consoleCfg), rank: rankOf(consoleCfg.level), write: (t) => process.stdout.write(t), close: () => undefined });
    }
    const files = isObject(log.file) ? log.file : {};
    for (const [name, raw] of Object.entries(files)) {
      if (!isObject(raw) || raw.enable === false) continue;
      const path = this.resolvePath(typeof raw.path === 'string' ? raw.path : '${EMQX_LOG_DIR}/emqx.log');
      try {
        const size = parseBytes(raw.rotation_size ?? '50MB');
        const count = typeof raw.rotation_count === 'number' ? raw.rotation_count : 10;
        const file = new RotatingFile(path, size === undefined ? 50 * 1024 * 1024 : size, count);
        this.handlers.push({ ...formatOptions(raw), rank: rankOf(raw.level), write: (t) => file.write(t), close: () => file.close() });
      } catch (err) {
        this.problems.push(`file handler ${name} (${path}): ${(err as Error).message}`);
      }
    }
  }

  /** pino's destination: one JSON line per call */
  write(line: string): void {
    if (this.handlers.length === 0) return;
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(line) as Record<string, unknown>;
    } catch {
      raw = { level: 30, time: Date.now(), msg: line.trimEnd() };
    }
    const { level, time, msg, pid: _pid, hostname: _host, ...fields } = raw;
    const record: LogRecord = {
      level: typeof level === 'number' ? level : 30,
      time: typeof time === 'number' ? time : Date.now(),
      msg: typeof msg === 'string' ? msg : '',
      fields,
    };
    for (const h of this.handlers) {
      if (record.level < h.rank) continue;
      try {
        h.write(formatRecord(record, h));
      } catch {
        // a full disk or a removed directory must not take the node down; the other handlers still get the line
      }
    }
  }

  close(): void {
    this.unwatch();
    for (const h of this.handlers) h.close();
    this.handlers = [];
  }
}
