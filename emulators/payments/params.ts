import * as v from 'valibot';
import { invalidParam, missingParam } from './errors';
import type { FormTree, FormValue } from './form';

// Every parameter arrives as text (form encoding); these schemas check it and turn it into numbers, booleans and
// lists, and a failure becomes Stripe's 400 naming the parameter.

export const text = v.string();
export const integer = v.pipe(
  v.string(),
  v.regex(/^-?\d+$/, 'must be an integer'),
  v.transform(Number),
  v.safeInteger(),
);
export const boolean = v.pipe(
  v.picklist(['true', 'false']),
  v.transform((value) => value === 'true'),
);
/** Stripe's convention: `key=` unsets a field. */
export const nullable = <T extends v.GenericSchema<string, unknown>>(schema: T) =>
  v.union([
    v.pipe(
      v.literal(''),
      v.transform(() => null),
    ),
    schema,
  ]);
export const metadata = v.record(v.string(), v.string());
export const stringList = v.array(v.string());

export function read<T extends v.GenericSchema>(schema: T, params: FormTree): v.InferOutput<T> {
  const result = v.safeParse(schema, params);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  const param = path
    .split('.')
    .map((segment, index) => (index === 0 ? segment : `[${segment}]`))
    .join('');
  if (issue.received === 'undefined' && param) throw missingParam(param);
  throw invalidParam(param, `Invalid ${param || 'request'}: ${issue.message}`);
}

export const listParams = v.object({
  limit: v.optional(v.pipe(integer, v.minValue(1), v.maxValue(100))),
  starting_after: v.optional(text),
  ending_before: v.optional(text),
  expand: v.optional(stringList),
});

export function expandPaths(params: FormTree): string[] {
  const expand: FormValue | undefined = params.expand;
  return Array.isArray(expand) ? expand.filter((item): item is string => typeof item === 'string') : [];
}
