import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type AuthState, emptyState } from './store';

// The optional state file. Writes are serialised and atomic (temp file + rename), so a crash mid-write leaves the
// previous state intact and concurrent changes never interleave.

export async function loadState(file: string): Promise<AuthState | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<AuthState>;
  if (parsed.version !== 1)
    throw new Error(`${file}: unsupported auth emulator state version ${String(parsed.version)}`);
  return { ...emptyState(), ...parsed };
}

export class StateWriter {
  #pending: Promise<void> = Promise.resolve();
  #scheduled = false;

  constructor(
    private readonly file: string,
    private readonly read: () => AuthState,
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
