import { escapeHtml } from '../shared/html';
import type { AuthContext } from './context';

// The e-mails GoTrue sends, with its default wording, each carrying a /verify link and the six-digit code.

export type AuthMailKind = 'signup' | 'recovery' | 'email_change';

interface Template {
  subject: string;
  heading: string;
  intro: string;
  linkText: string;
}

const TEMPLATES: Record<AuthMailKind, Template> = {
  signup: {
    subject: 'Confirm your signup',
    heading: 'Confirm your signup',
    intro: 'Follow this link to confirm your email address:',
    linkText: 'Confirm your email',
  },
  recovery: {
    subject: 'Reset your password',
    heading: 'Reset your password',
    intro: 'Follow this link to reset the password for your account:',
    linkText: 'Reset password',
  },
  email_change: {
    subject: 'Confirm email change',
    heading: 'Confirm email change',
    intro: 'Follow this link to confirm the change of your email address:',
    linkText: 'Change email address',
  },
};

export async function sendAuthMail(
  ctx: AuthContext,
  { kind, to, link, otp }: { kind: AuthMailKind; to: string; link: string; otp: string },
): Promise<void> {
  const template = TEMPLATES[kind];
  const text = `${template.heading}\n\n${template.intro}\n${template.linkText}: ${link}\n\nAlternatively, enter the code: ${otp}\n`;
  const html = `<h2>${escapeHtml(template.heading)}</h2>
<p>${escapeHtml(template.intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(template.linkText)}</a></p>
<p>Alternatively, enter the code: ${escapeHtml(otp)}</p>`;
  ctx.log.info(
    { to, subject: template.subject, link },
    `auth emulator e-mail "${template.subject}" to ${to}: ${link}`,
  );
  await ctx.config.mail?.deliver({
    from: ctx.config.mailFrom,
    to: [{ Name: '', Address: to }],
    subject: template.subject,
    text,
    html,
  });
}
