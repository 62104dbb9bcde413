import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A model test's options module beside it (the session's `-model` module), which the test file only hands over. */
const OPTIONS_MODULE = /from '(\.\/[\w-]+-model)'/g;

/** A model test's size: its own file and the options modules it imports (the session's two files share one). */
export function modelTestWeight(file: string): number {
  let size = statSync(file).size;
  for (const [, relative] of readFileSync(file, 'utf8').matchAll(OPTIONS_MODULE)) {
    const options = ['.tsx', '.ts'].map((ext) => join(dirname(file), `${relative}${ext}`));
    const found = options.find((candidate) => {
      try {
        return statSync(candidate).isFile();
      } catch {
        return false;
      }
    });
    if (found) size += statSync(found).size;
  }
  return size;
}

/**
 * The order in which the `model-view` files start (docs/testing.md, budget). Vitest starts the longest files first
 * when it has their durations from an earlier run (its cache), else the largest files first. A fresh checkout (CI)
 * has no cache, and the session's two files are the smallest there (each only hands `session-model.tsx` to the
 * harness) while being among the longest: they started last, and one worker ran them after everything else. Here a
 * model test's size counts the options module it imports. With a cache, Vitest's order stands.
 */
export class ModelSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const positions = sorted.flatMap((file, index) => (file.project.name === 'model-view' ? [index] : []));
    const views = positions.map((index) => sorted[index] as TestSpecification);
    if (views.every((file) => this.ctx.cache.getTestSpecificationResult(file))) return sorted;
    const weights = new Map(views.map((file) => [file, modelTestWeight(file.moduleId)]));
    const heaviestFirst = [...views].sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0));
    const result = [...sorted];
    positions.forEach((position, index) => {
      result[position] = heaviestFirst[index] as TestSpecification;
    });
    return result;
  }
}
