// The Stripe SDK sends POST bodies (and GET/DELETE query strings) as `a[b][0][c]=v` pairs: nested objects with
// indexed arrays, every value a string, and `key=` meaning "unset". This turns them back into a tree.

export type FormValue = string | FormTree | FormValue[];
export interface FormTree {
  [key: string]: FormValue;
}

/** `line_items[0][price]` -> ['line_items', '0', 'price']. */
function keyPath(key: string): string[] {
  const head = key.split('[', 1)[0] ?? key;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [head, ...rest];
}

/** Objects whose keys are all indexes (0, 1, ...) become arrays; `expand[]` style empty indexes append. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysFromIndexes(value[key] as FormValue)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

export function decodeForm(pairs: Iterable<[string, string]>): FormTree {
  const root: FormTree = {};
  for (const [key, value] of pairs) {
    const path = keyPath(key);
    let node: FormTree = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      // `expand[]=a&expand[]=b`: an empty index appends.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[name] = {};
      node = node[name] as FormTree;
    });
  }
  return arraysFromIndexes(root) as FormTree;
}

export function decodeQueryString(text: string): FormTree {
  return decodeForm(new URLSearchParams(text));
}
