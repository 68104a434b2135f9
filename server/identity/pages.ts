import { DEMO_ACCOUNTS } from './accounts';

/** Server-rendered pages of the embedded identity provider. No script at all (CSP); inline styles only. */

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
  button,.button{display:inline-block;width:100%;margin-top:16px;height:36px;border:0;border-radius:6px;background:#0081A7;color:#fff;font:inherit;font-weight:700;cursor:pointer;text-align:center;line-height:36px;text-decoration:none}
  button:hover,.button:hover{background:#006685}
  .secondary{background:#edf2f7;color:#1a202c}
  .secondary:hover{background:#e2e8f0}
  .error{padding:8px 12px;border-radius:6px;background:#fff5f5;color:#c53030;border:1px solid #feb2b2}
  table{width:100%;border-collapse:collapse;margin-top:8px}
  th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #E1F4FF;vertical-align:top}
  th{font-weight:700}
  code{font-size:12px}
  h2{font-size:14px;font-weight:700;margin:24px 0 0}
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

export function loginPage({ uid, email = '', error }: LoginPageOptions): string {
  const rows = DEMO_ACCOUNTS.map(
    (a) => `<tr><td><code>${escapeHtml(a.email)}</code></td><td>${escapeHtml(a.description)}</td></tr>`,
  ).join('\n');
  return page(
    'Sign in to Tourdesk',
    `<h1>Sign in to Tourdesk</h1>
<p>Demo identity provider: enter the e-mail address of one of the demo accounts.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oidc/interaction/${encodeURIComponent(uid)}/login" autocomplete="off">
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
