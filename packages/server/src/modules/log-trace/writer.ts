// One trace file, appended to through a write stream. Like EMQX's trace handler (type halt), a file that has
// reached the size limit takes no more lines; the trace keeps its status.
import { createWriteStream, mkdirSync, statSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';

export class TraceWriter {
  private readonly stream: WriteStream;
  private size: number;
  private closed = false;
  /** lines since the last write to the stream: one write per turn of the event loop, not one per line */
  private pending: string[] = [];
  private scheduled = false;

  constructor(
    readonly path: string,
    private readonly maxBytes: number,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    let size = 0;
    try {
      size = statSync(path).size;
    } catch {
      // a new file
    }
    this.size = size;
    this.stream = createWriteStream(path, { flags: 'a' });
    this.stream.on('error', () => undefined);
  }

  write(line: string): void {
    if (this.closed) return;
    const n = Buffer.byteLength(line);
    if (this.size + n > this.maxBytes) return;
    this.size += n;
    this.pending.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.drain());
    }
  }

  private drain(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.stream.write(text);
  }

  /** resolves once what was written is on disk */
  flush(): Promise<void> {
    this.drain();
    if (this.closed || this.stream.writableLength === 0) return Promise.resolve();
    return new Promise((resolve) => this.stream.write('', () => resolve()));
  }

  close(): void {
    if (this.closed) return;
    this.drain();
    this.closed = true;
    this.stream.end();
  }
}
