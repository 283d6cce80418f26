/** The password reset e-mail (text and HTML). The link is the only secret in it. */
export function passwordResetMail(link: string): { subject: string; text: string; html: string } {
  const subject = 'Reset your Ilera password';
  const text = [
    'Hello,',
    '',
    'We received a request to reset the password of your Ilera account.',
    'Open this link to choose a new password. It is valid for 1 hour and can be used once:',
    '',
    link,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
    '',
    'Ilera',
  ].join('\n');
  const safe = escapeHtml(link);
  const html = `<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#222">
<p>Hello,</p>
<p>We received a request to reset the password of your Ilera account.</p>
<p><a href="${safe}" style="background:#087f5b;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Reset your password</a></p>
<p>Or copy this link into your browser (valid for 1 hour, single use):<br>${safe}</p>
<p>If you did not ask for this, you can ignore this e-mail: your password stays the same.</p>
<p>Ilera</p>
</body></html>`;
  return { subject, text, html };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
