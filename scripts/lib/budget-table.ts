/** One row of a budget report; `pass: null` is a reference figure that has no budget of its own. */
export type BudgetCheck = {
  what: string;
  measured: string;
  budget: string;
  pass: boolean | null;
  note?: string;
};

const HEADER = ['what', 'measured', 'budget', 'result'] as const;

/** A plain-text table that reads the same in a terminal, a CI log and a pasted report. */
export function formatBudgetTable(checks: BudgetCheck[]): string {
  const rows = checks.map((check) => [
    check.what,
    check.measured,
    check.budget,
    [resultOf(check.pass), check.note && `(${check.note})`].filter(Boolean).join(' '),
  ]);
  const widths = HEADER.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(HEADER), rule, ...rows.map(line)].join('\n');
}

export const allPass = (checks: BudgetCheck[]) => checks.every((check) => check.pass !== false);

const resultOf = (pass: boolean | null) => (pass === null ? '-' : pass ? 'pass' : 'FAIL');
