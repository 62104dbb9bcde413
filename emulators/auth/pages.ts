import { escapeHtml, renderPage } from '../shared/html';

// The page that stands in for Google's account chooser. It is a plain form so that it works without script and can
// be driven by role and label in end-to-end tests.

export interface ChooserFields {
  redirectTo: string;
  codeChallenge?: string | undefined;
  codeChallengeMethod?: string | undefined;
  email?: string;
  fullName?: string;
  error?: string;
}

function hidden(name: string, value: string | undefined): string {
  return value ? `<input type="hidden" name="${name}" value="${escapeHtml(value)}">` : '';
}

export function googleChooserPage(fields: ChooserFields): string {
  const error = fields.error
    ? `<p class="error" role="alert" id="email-error">${escapeHtml(fields.error)}</p>`
    : '';
  return renderPage({
    title: 'Sign in with Google (local stand-in)',
    body: `<h1>Choose an account</h1>
<p class="notice">This is a <strong>local stand-in for Google sign-in</strong>, served by the Beacon RMM auth emulator.
Nothing is sent to Google: enter any address to sign in as that Google account. A new address creates a confirmed
account; an existing one is linked.</p>
<p>After this step you return to <code>${escapeHtml(fields.redirectTo)}</code>.</p>
${error}
<form method="post" action="/auth/v1/authorize">
  <input type="hidden" name="provider" value="google">
  ${hidden('redirect_to', fields.redirectTo)}
  ${hidden('code_challenge', fields.codeChallenge)}
  ${hidden('code_challenge_method', fields.codeChallengeMethod)}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required
    value="${escapeHtml(fields.email ?? '')}"${fields.error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
  <label for="full_name">Full name (optional)</label>
  <input id="full_name" name="full_name" type="text" autocomplete="name" value="${escapeHtml(fields.fullName ?? '')}">
  <div>
    <button type="submit" name="action" value="continue">Continue</button>
    <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
  </div>
</form>`,
  });
}
