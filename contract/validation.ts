import * as v from 'valibot';

/**
 * Shared helpers for turning valibot issues into something a person can read: one line per problem for logs and
 * thrown errors, and the API's `{field: [messages]}` shape for 400/422 answers and form fields.
 */

/** Issues that belong to no single field (for example "exactly one of two fields") are filed under this key. */
export const FORM_ERROR_KEY = '_form';

type Issue = v.BaseIssue<unknown>;
type Issues = readonly Issue[] | [Issue, ...Issue[]];

/** Dotted path of an issue (`settings.theme`, `invoices.0.id`), or null for a problem with the value as a whole. */
export function issuePath(issue: Issue): string | null {
  return v.getDotPath(issue);
}

/** One line per issue: `path: message` (`(root)` when the problem is the whole value). */
export function formatIssues(issues: Issues): string {
  return issues.map((issue) => `${issuePath(issue) ?? '(root)'}: ${issue.message}`).join('\n');
}

/** The API's 400/422 `errors` body: messages grouped by field, in order, without duplicates. */
export function fieldErrors(issues: Issues): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issuePath(issue) ?? FORM_ERROR_KEY;
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/** Thrown by parseOrThrow; carries the raw issues and the grouped field errors for callers that answer 400. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  readonly issues: readonly Issue[];
  readonly fieldErrors: Record<string, string[]>;

  constructor(what: string, issues: Issues) {
    super(`Invalid ${what}:\n${formatIssues(issues)}`);
    this.issues = issues;
    this.fieldErrors = fieldErrors(issues);
  }
}

/** Parses `data` with `schema` or throws a ContractError whose message names `what` and lists every problem. */
export function parseOrThrow<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  data: unknown,
  what: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw new ContractError(what, result.issues);
  return result.output;
}

/** Like parseOrThrow, without throwing: `{ok: true, value}` or `{ok: false, errors}` in the API's field shape. */
export function validate<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  data: unknown,
): { ok: true; value: v.InferOutput<TSchema> } | { ok: false; errors: Record<string, string[]> } {
  const result = v.safeParse(schema, data);
  return result.success
    ? { ok: true, value: result.output }
    : { ok: false, errors: fieldErrors(result.issues) };
}
