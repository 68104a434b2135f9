/**
 * The HTML part of a message: the team's logo and name above the text. The text is the rendered
 * template, escaped here once (operators write plain text: whatever they type shows as typed),
 * with blank lines as paragraphs. Inline styles and tables, since mail clients drop style sheets.
 * It is made from the stored text when the message is delivered or read, not stored itself: a
 * 1,000-order send then writes 0.5 MB instead of 2.5 MB.
 */
export const LOGO_CID = 'team-logo@tourdesk';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** `banner`: rows below the text (server/email/banner.ts), already escaped. */
export function htmlPart(opts: { teamName: string; logoSrc: string | null; text: string; banner?: string }): string {
  const name = escapeHtml(opts.teamName);
  const logo = opts.logoSrc
    ? `<img src="${escapeHtml(opts.logoSrc)}" alt="" width="40" height="40" style="border-radius:8px;vertical-align:middle;margin-right:12px">`
    : '';
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${name}</title></head>
<body style="margin:0;padding:0;background:#FCFCFD">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#FCFCFD"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border:1px solid #E1F4FF;border-radius:8px;font-family:Inter,Arial,sans-serif;font-size:14px;line-height:1.5;color:#1A202C">
<tr><td style="padding:20px 24px;border-bottom:1px solid #E1F4FF">${logo}<span style="font-size:18px;font-weight:700;color:#0081A7;vertical-align:middle">${name}</span></td></tr>
<tr><td style="padding:24px">
${paragraphs(opts.text)}
</td></tr>${opts.banner ? `\n${opts.banner}` : ''}
</table>
</td></tr></table>
</body></html>`;
}
