// One trace file, appended to through a write stream. Like EMQX's trace handler (type halt), a file that has
// reached the size limit takes no more lines; the trace keeps its status.
import { createWriteStream, mkdirSync, statSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';

export class TraceWriter {
  private readonly stream: WriteStream;
  private size: number;
  private closed = false;

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
    this.stream.write(line);
  }

  /** resolves once what was written is on disk */
  flush(): Promise<void> {
    if (this.closed || this.stream.writableLength === 0) return Promise.resolve();
    return new Promise((resolve) => this.stream.write('', () => resolve()));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stream.end();
  }
}
