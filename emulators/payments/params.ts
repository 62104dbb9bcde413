import * as v from 'valibot';
import { emptyParam, invalidParam, missingParam, StripeApiError, unknownParam } from './errors';
import type { FormTree } from './form';
import type { CollectionName, PaymentsStore, StripeObject } from './store';

// Each endpoint declares its parameters once, as a schema built from these pieces; `readParams` checks a request
// against it the way Stripe's API does and answers Stripe's own errors (API reference, "Errors"; stripe-mock
// validates against the same OpenAPI schemas):
// - a parameter the endpoint does not know: 400 parameter_unknown "Received unknown parameter: line_items[0][x]";
// - a required one left out: 400 parameter_missing;
// - an empty string where the parameter cannot be unset: 400 parameter_invalid_empty;
// - a value outside its enum: 400 "Invalid status: must be one of …";
// - an id of an object that does not exist: 400 resource_missing naming the parameter.
// Every value arrives as text (form encoding); the schemas turn it into numbers, booleans, lists and objects.

/** Codes a check can raise; carried in the issue's `expected` so that `readParams` answers the right error. */
type IssueCode =
  | 'email_invalid'
  | 'parameter_invalid_empty'
  | 'parameter_invalid_integer'
  | 'resource_missing'
  | 'url_invalid';

/**
 * One of Stripe's checks on a parameter's value. `message` may name the parameter as `{param}`: only the caller
 * knows where in the request the value sits.
 */
function rule<T>(accepts: (value: T) => boolean, message: (value: T) => string, code?: IssueCode) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (dataset.typed && !accepts(dataset.value))
      addIssue({ message: message(dataset.value), expected: code });
  });
}

/** A string that cannot be unset: `key=` is refused. */
export const text = v.pipe(
  v.string(),
  rule(
    (value: string) => value !== '',
    () => '',
    'parameter_invalid_empty',
  ),
);

/** Stripe's convention for a parameter that can be unset: `key=` means null. */
export const nullable = <T extends v.GenericSchema<string, unknown>>(schema: T) =>
  v.pipe(
    v.string(),
    v.transform((value) => (value === '' ? null : value)),
    v.nullable(schema),
  );

export const integer = v.pipe(
  text,
  rule(
    (value: string) => /^-?\d+$/.test(value),
    (value) => `Invalid integer: ${value}`,
    'parameter_invalid_integer',
  ),
  v.transform(Number),
);

export const boolean = v.pipe(
  text,
  rule(
    (value: string) => value === 'true' || value === 'false',
    (value) => `Invalid boolean: ${value}`,
  ),
  v.transform((value) => value === 'true'),
);

/** One of a fixed list, in the order Stripe's message lists them. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => {
  const listed = `${values.slice(0, -1).join(', ')}${values.length > 1 ? ', or ' : ''}${values.at(-1)}`;
  return v.pipe(
    text,
    rule(
      (value: string) => values.includes(value),
      () => `Invalid {param}: must be one of ${listed}`,
    ),
    v.transform((value) => value as T[number]),
  );
};

export const url = v.pipe(
  text,
  rule(
    (value: string) => URL.canParse(value),
    () => 'Not a valid URL',
    'url_invalid',
  ),
);

export const email = v.pipe(
  text,
  rule(
    (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
    (value) => `Invalid email address: ${value}`,
    'email_invalid',
  ),
);

/** A list of exactly one item: the stand-in emulates single-item subscriptions and Checkout Sessions. */
export const exactlyOne = <T extends v.GenericSchema>(item: T) =>
  v.pipe(
    v.array(item),
    rule(
      (items: v.InferOutput<T>[]) => items.length === 1,
      () => 'This stand-in emulates exactly one item in {param}.',
    ),
  );

/** Metadata values are strings; an empty one unsets its key (see `withMetadata`), `metadata=` unsets them all. */
export const metadata = v.union([
  v.pipe(
    v.literal(''),
    v.transform(() => null),
  ),
  v.record(v.string(), v.string()),
]);

/** Applies a metadata parameter to what an object has: keys merged, an empty value removes its key. */
export function withMetadata(
  current: Record<string, string>,
  update: Record<string, string> | null | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  const merged = { ...current, ...update };
  for (const [key, value] of Object.entries(update)) if (value === '') delete merged[key];
  return merged;
}

/** The id of an existing object of `collection`, answered as the object itself. */
export const ref = <T extends StripeObject>(store: PaymentsStore, collection: CollectionName) =>
  v.pipe(
    text,
    v.rawTransform<string, T>(({ dataset, addIssue, NEVER }) => {
      const found = store.find<T>(collection, dataset.value);
      if (found) return found;
      addIssue({ message: `No such ${collection}: '${dataset.value}'`, expected: 'resource_missing' });
      return NEVER;
    }),
  );

/** Every endpoint takes `expand[]`; what can be expanded is checked against the answer (see expand.ts). */
const common = { expand: v.optional(v.array(text)) };

export const listParams = {
  limit: v.optional(
    v.pipe(
      integer,
      rule(
        (value: number) => value >= 1 && value <= 100,
        () => 'Invalid {param}: must be between 1 and 100',
      ),
    ),
  ),
  starting_after: v.optional(text),
  ending_before: v.optional(text),
};

/** An endpoint's parameters: exactly these, plus `expand[]`. */
export const params = <const E extends v.ObjectEntries>(entries: E) =>
  v.strictObject({ ...entries, ...common });

export type Params<E extends v.ObjectEntries> = v.InferOutput<ReturnType<typeof params<E>>>;

/** `line_items.0.price` -> `line_items[0][price]`, as Stripe names parameters. */
const paramName = (path: v.BaseIssue<unknown>['path']) =>
  (path ?? []).map((item, index) => (index === 0 ? String(item.key) : `[${String(item.key)}]`)).join('');

/** The parameters as the endpoint's schema reads them, or the error Stripe answers for the first problem. */
export function readParams<S extends v.GenericSchema>(schema: S, input: FormTree): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const param = paramName(issue.path);
  if (issue.received === 'undefined') throw missingParam(param);
  // A key the strict object does not declare ("Expected never").
  if (issue.type === 'strict_object') throw unknownParam(param);
  switch (issue.expected as IssueCode | null) {
    case 'parameter_invalid_empty':
      throw emptyParam(param);
    case 'resource_missing':
      throw new StripeApiError(400, 'invalid_request_error', issue.message, {
        code: 'resource_missing',
        param,
      });
    case 'email_invalid':
    case 'parameter_invalid_integer':
    case 'url_invalid':
      throw invalidParam(param, issue.message, issue.expected ?? undefined);
    default:
      if (issue.kind === 'schema') throw invalidParam(param, `Invalid ${param}: expected ${issue.expected}`);
      throw invalidParam(param, issue.message.replaceAll('{param}', param));
  }
}
