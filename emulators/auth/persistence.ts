import { readStateFile } from '../shared/state-file';
import { type AuthState, emptyState } from './store';

// The optional state file (written by the shared StateWriter).

export { StateWriter } from '../shared/state-file';

export async function loadState(file: string): Promise<AuthState | undefined> {
  const parsed = (await readStateFile(file)) as Partial<AuthState> | undefined;
  if (parsed === undefined) return undefined;
  if (parsed.version !== 1)
    throw new Error(`${file}: unsupported auth emulator state version ${String(parsed.version)}`);
  return { ...emptyState(), ...parsed };
}
