import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

// An emulator's optional state file. Writes are serialised and atomic (temp file + rename), so a crash mid-write
// leaves the previous state intact and concurrent changes never interleave.

/** The parsed file, or undefined when there is none yet. */
export async function readStateFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text);
}

export class StateWriter<T> {
  #pending: Promise<void> = Promise.resolve();
  #scheduled = false;

  constructor(
    private readonly file: string,
    private readonly read: () => T,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Coalesces bursts of changes into one write of the latest state. */
  schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#pending = this.#pending.then(async () => {
      this.#scheduled = false;
      try {
        await this.write();
      } catch (error) {
        this.onError(error);
      }
    });
  }

  /** Resolves once every scheduled write has landed. */
  flush(): Promise<void> {
    return this.#pending;
  }

  private async write(): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(this.read(), null, 2)}\n`, { mode: 0o600 });
    await rename(temp, this.file);
  }
}
