import { SITE } from '@makhana/domain/site';

export interface MailContent {
  /** the first line of the mail, shown large */
  heading: string;
  /** paragraphs of plain text */
  paragraphs: string[];
  /** a value set apart (a code, an order number), shown big in HTML */
  highlight?: string;
  /** small print under the body */
  footnote?: string;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

/** A text and an HTML body with the brand, inline styles only and no images (mail clients block them). */
export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p, i) =>
      i === 0 && content.highlight ? [p, '', `    ${content.highlight}`, ''] : [p, ''],
    ),
    ...(content.footnote ? [content.footnote, ''] : []),
    '--',
    SITE.brand,
    `${SITE.supportEmail} | ${SITE.phone}`,
  ].join('\n');

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#3b3325">${escapeHtml(p)}</p>`;
  const highlight = content.highlight
    ? `<p style="margin:8px 0 24px;font-size:32px;font-weight:700;letter-spacing:8px;color:#1f3d2b;font-family:'SFMono-Regular',Consolas,monospace">${escapeHtml(content.highlight)}</p>`
    : '';
  const body = content.paragraphs
    .map((p, i) => (i === 0 ? paragraph(p) + highlight : paragraph(p)))
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f7f1e3">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f1e3;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fffdf8;border-radius:12px;border:1px solid #e8dcc0;font-family:Helvetica,Arial,sans-serif">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e8dcc0;font-size:18px;font-weight:700;color:#1f3d2b">${escapeHtml(SITE.brand)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;color:#1f3d2b">${escapeHtml(content.heading)}</h1>
${body}
${content.footnote ? `<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:#7a6e58">${escapeHtml(content.footnote)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e8dcc0;font-size:12px;color:#7a6e58">${escapeHtml(SITE.brand)} &middot; ${escapeHtml(SITE.supportEmail)} &middot; ${escapeHtml(SITE.phone)}</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
  return { text, html };
}
