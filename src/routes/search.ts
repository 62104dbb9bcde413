import * as v from 'valibot';

/**
 * Search parameters of the landing page [product: LAND-26, LAND-27]. The router hands over
 * JSON-parsed values (`?show_signup=1` arrives as the number 1), and anything malformed is dropped, never fatal:
 * a bad link must still show the page.
 */
/** Present means asked for, whatever the value (`?show_signup`, `?show_signup=1`, `?show_signup=yes`). */
const presenceSchema = v.pipe(
  v.unknown(),
  v.transform(() => true),
);

export const landingSearchSchema = v.object({
  show_signup: v.optional(presenceSchema),
  session_id: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())), undefined),
});
export type LandingSearch = v.InferOutput<typeof landingSearchSchema>;
