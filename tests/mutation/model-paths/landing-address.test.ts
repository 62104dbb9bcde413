// landing-address's machine paths in node, for the mutation run (vitest.mutation.config.ts, project model-paths).
import '../../model/landing-address.test.tsx';
