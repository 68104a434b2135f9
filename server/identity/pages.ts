import { DEMO_ACCOUNTS } from './accounts';

/** Server-rendered pages of the embedded identity provider. No script at all (CSP); inline styles only.
 *  Buttons fill with the app's #0080A6 (white text at 4.53:1; #0081A7 gives 4.47:1). */

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;background:#FCFCFD;color:#1a202c;font:13px/1.5 Inter,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
  main{max-width:420px;margin:64px auto;padding:32px;background:#fff;border:1px solid #E1F4FF;border-radius:12px;box-shadow:0 2px 8px rgba(0,0,0,.04)}
  h1{font-size:20px;font-weight:700;margin:0 0 4px}
  p{margin:0 0 16px;color:#4a5568}
  label{display:block;font-weight:700;margin:16px 0 4px}
  input{width:100%;height:36px;padding:0 10px;border:1px solid #cbd5e0;border-radius:6px;font:inherit}
  input:focus{outline:2px solid #0081A7;outline-offset:1px}
  button,.button{display:inline-block;width:100%;margin-top:16px;height:36px;border:0;border-radius:6px;background:#0080A6;color:#fff;font:inherit;font-weight:700;cursor:pointer;text-align:center;line-height:36px;text-decoration:none}
  button:hover,.button:hover{background:#006685}
  .secondary{background:#edf2f7;color:#1a202c}
  .secondary:hover{background:#e2e8f0}
  .error{padding:8px 12px;border-radius:6px;background:#fff5f5;color:#c53030;border:1px solid #feb2b2}
  table{width:100%;border-collapse:collapse;margin-top:8px}
  th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #E1F4FF;vertical-align:top}
  th{font-weight:700}
  code{font-size:12px}
  h2{font-size:14px;font-weight:700;margin:24px 0 0}
  .demo{padding:8px 12px;border-radius:6px;background:#fffbeb;color:#744210;border:1px solid #f6e05e}
  .links{margin-top:16px;text-align:center}
  a{color:#006685}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  uid: string;
  email?: string;
  error?: string;
}

const formAction = (uid: string, step: 'login' | 'code') => `/oidc/interaction/${encodeURIComponent(uid)}/${step}`;
const alert = (error?: string) => (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '');

/** The demo's page: passwordless, it says so and lists the demo accounts. */
export function loginPage({ uid, email = '', error }: LoginPageOptions): string {
  const rows = DEMO_ACCOUNTS.map(
    (a) => `<tr><td><code>${escapeHtml(a.email)}</code></td><td>${escapeHtml(a.description)}</td></tr>`,
  ).join('\n');
  return page(
    'Sign in to Tourdesk',
    `<h1>Sign in to Tourdesk</h1>
<p class="demo" role="note">Demo: sample data, and anyone can sign in as a demo account without a password.</p>
<p>Enter the e-mail address of one of the demo accounts below.</p>
${alert(error)}
<form method="post" action="${formAction(uid, 'login')}" autocomplete="off">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autofocus value="${escapeHtml(email)}" placeholder="admin@tourdesk.test">
<button type="submit">Continue</button>
</form>
<h2>Demo accounts</h2>
<table>
<thead><tr><th>Email</th><th>Role</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
  );
}

/** Production, first step: the address to send a one-time code to. */
export function emailPage({ uid, email = '', error }: LoginPageOptions): string {
  return page(
    'Sign in to Tourdesk',
    `<h1>Sign in to Tourdesk</h1>
<p>Enter your work e-mail address: we send you a one-time code to sign in with.</p>
${alert(error)}
<form method="post" action="${formAction(uid, 'login')}">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autofocus autocomplete="email" maxlength="254" value="${escapeHtml(email)}">
<button type="submit">Send me a code</button>
</form>`,
  );
}

/** What every address gets, whether it may sign in or not: the same words, the same form. */
export const codeSentMessage = (email: string) => `If ${email} can sign in to Tourdesk, a code is on its way.`;

/** Production, second step: the code from the e-mail. */
export function codePage({ uid, email, error }: LoginPageOptions & { email: string }): string {
  return page(
    'Enter your code | Tourdesk',
    `<h1>Enter your code</h1>
<p>${escapeHtml(codeSentMessage(email))} It works once, for 10 minutes, in this browser.</p>
${alert(error)}
<form method="post" action="${formAction(uid, 'code')}" autocomplete="off">
<input type="hidden" name="email" value="${escapeHtml(email)}">
<label for="code">Code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required autofocus>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${formAction(uid, 'login')}">
<input type="hidden" name="email" value="${escapeHtml(email)}">
<button type="submit" class="secondary">Send a new code</button>
</form>
<p class="links"><a href="/oidc/interaction/${encodeURIComponent(uid)}">Use another address</a></p>`,
  );
}

/** Answer to a form posted too often (429, with Retry-After). */
export function tooManyPage(retryAfter: number): string {
  const wait = retryAfter >= 120 ? `${Math.ceil(retryAfter / 60)} minutes` : `${retryAfter} seconds`;
  return messagePage('Too many attempts', `Too many attempts: wait ${wait} and try again.`);
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return page(
    `${title} | Tourdesk`,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}`,
  );
}

/** RP-initiated logout confirmation; `form` is the provider's hidden form (id op.logoutForm). */
export function logoutPage(form: string): string {
  return page(
    'Sign out | Tourdesk',
    `<h1>Sign out of Tourdesk?</h1>
<p>You will need to sign in again to use Tourdesk.</p>
${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm" class="secondary">No, stay signed in</button>`,
  );
}

export function errorPage(out: Record<string, unknown>, loginUrl: string): string {
  const description = out.error_description ?? out.error ?? 'Something went wrong';
  return messagePage('Sign-in problem', String(description), { href: loginUrl, label: 'Back to Tourdesk' });
}
