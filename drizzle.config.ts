import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes versioned SQL migrations from server/db/schema.ts; the server applies them at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  // Only `generate` is used; `migrate`/`push` are not, so no credentials live here.
});
