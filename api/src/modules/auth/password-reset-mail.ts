import { DEFAULT_LOCALE, type Locale } from '@ilera/contracts/locales';
import { message, type TextMessageId } from '@ilera/workers/messages';

/**
 * The password reset e-mail (text and HTML). The link is the only secret in it. In the account's language (users.language; issue 50, decision 049); English, as it was, when none. */
export function passwordResetMail(link: string, locale: Locale = DEFAULT_LOCALE): { subject: string; text: string; html: string } {
  const m = (id: TextMessageId) => message(locale, id);
  const subject = m('mail.reset.subject');
  const text = [m('mail.hello-anonymous'), '', m('mail.reset.request'), m('mail.reset.open'), '', link, '', m('mail.reset.ignore'), '', 'Ilera'].join('\n');
  const safe = escapeHtml(link);
  const h = (id: TextMessageId) => escapeHtml(m(id));
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${h('mail.hello-anonymous')}</p>
<p>${h('mail.reset.request')}</p>
<p><a href="${safe}" style="background:#087f5b;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${h('mail.reset.button')}</a></p>
<p>${h('mail.reset.copy')}<br>${safe}</p>
<p>${h('mail.reset.ignore')}</p>
<p>Ilera</p>
</body></html>`;
  return { subject, text, html };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
