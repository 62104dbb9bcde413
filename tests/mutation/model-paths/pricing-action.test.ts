// pricing-action's machine paths in node, for the mutation run (vitest.mutation.config.ts, project model-paths).
import '../../model/pricing-action.test.tsx';
