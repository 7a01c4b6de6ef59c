import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { Zip, ZipDeflate } from 'fflate';

/**
 * A ZIP written as it is read: entries are added one after another, each fed in parts, and the
 * compressed bytes flow into `stream`. Every part waits while the reader (the file store's upload)
 * is behind, so memory holds a part or two whatever the size of the archive.
 */
export class ZipStream {
  readonly stream = new PassThrough({ highWaterMark: 1 << 20 });
  private readonly zip: Zip;
  private failure: Error | null = null;

  constructor() {
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure = error;
        this.stream.destroy(error);
        return;
      }
      this.stream.write(chunk);
      if (final) this.stream.end();
    });
  }

  /** One file of the archive, its content given as text or bytes, in parts. */
  async addEntry(name: string, parts: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    const encoder = new TextEncoder();
    for await (const part of parts) {
      if (this.failure) throw this.failure;
      entry.push(typeof part === 'string' ? encoder.encode(part) : part);
      if (this.stream.writableNeedDrain) await once(this.stream, 'drain');
    }
    entry.push(new Uint8Array(0), true);
    if (this.stream.writableNeedDrain) await once(this.stream, 'drain');
  }

  finish(): void {
    this.zip.end();
  }

  abort(error: Error): void {
    this.zip.terminate();
    this.stream.destroy(error);
  }
}
