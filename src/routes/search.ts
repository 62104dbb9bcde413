import * as v from 'valibot';

/**
 * Search parameters of the landing page [product: LAND-26, LAND-27]. The router hands over
 * JSON-parsed values (`?show_signup=1` arrives as the number 1), and anything malformed is dropped, never fatal:
 * a bad link must still show the page.
 */
const flagSchema = v.pipe(
  v.union([v.string(), v.number(), v.boolean()]),
  v.transform((value) => value === true || value === 1 || value === '1' || value === 'true'),
);

export const landingSearchSchema = v.object({
  show_signup: v.fallback(v.optional(flagSchema), undefined),
  session_id: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())), undefined),
});
export type LandingSearch = v.InferOutput<typeof landingSearchSchema>;
