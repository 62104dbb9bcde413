// Small HTML helpers for the emulators' pages. The pages are plain server-rendered documents so that people and
// Playwright alike can use them without any script.

import { escapeHtml } from '../../contract/html';

export { escapeHtml };

const BASE_STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1a1b1e; background: #f8f9fa; }
  main { max-width: 52rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  .notice { border-left: 4px solid #1c7ed6; background: #e7f5ff; padding: 0.5rem 1rem; }
  .error { border-left: 4px solid #e03131; background: #fff5f5; padding: 0.5rem 1rem; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { font: inherit; padding: 0.4rem; width: 100%; max-width: 24rem; box-sizing: border-box; }
  button { font: inherit; margin-top: 1rem; margin-right: 0.5rem; padding: 0.4rem 1rem; cursor: pointer; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 0.4rem; border-bottom: 1px solid #dee2e6; vertical-align: top; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f1f3f5; padding: 1rem; }
  a:focus, button:focus, input:focus { outline: 3px solid #1c7ed6; outline-offset: 2px; }
`;

/** A complete, self-contained HTML document. `body` must already be escaped. */
export function renderPage({ title, body }: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${BASE_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
