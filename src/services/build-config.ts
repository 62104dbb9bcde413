import * as v from 'valibot';

/**
 * The few build-time constants Vite inlines, parsed once at start (docs/WIRE.md "Runtime configuration of the
 * SPA"); everything deployment-specific comes from GET /api/config instead (./config.ts).
 */

const buildEnvSchema = v.object({
  VITE_API_BASE: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(\/|https?:\/\/)/, 'VITE_API_BASE must be a path starting with / or an http(s) URL.'),
    ),
    '/api',
  ),
});

export interface BuildConfig {
  /** Where the product API lives; default '/api' on the SPA's own origin. */
  apiBase: string;
}

/** Parses Vite's env; a bad value fails loudly, listing every problem. */
export function parseBuildConfig(env: Record<string, unknown>): BuildConfig {
  const result = v.safeParse(buildEnvSchema, env);
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? 'env'}: ${issue.message}`);
    throw new Error(`Invalid build configuration:\n- ${problems.join('\n- ')}`);
  }
  return { apiBase: result.output.VITE_API_BASE.replace(/\/+$/, '') || '/' };
}

export const buildConfig: BuildConfig = parseBuildConfig(import.meta.env);
