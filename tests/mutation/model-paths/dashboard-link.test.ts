// dashboard-link's machine paths in node, for the mutation run (vitest.mutation.config.ts, project model-paths).
import '../../model/dashboard-link.test.tsx';
