import { describe, expect, it } from 'vitest';
import { createProfessional, createUser, type TestUser } from '../../test/factories';
import { browserSuite, hydrated, hydrationProblems, signInAsAdmin, toast } from '../../test/browser';
import { pageChunk } from '../../test/web-build';

/**
 * Review moderation in Chromium (issue 34, D27): a patient reports a review, the provider
 * replies to another, an admin hides the reported one from the Moderation tab, and the
 * profile no longer shows it, while its author sees why.
 */
describe('review moderation (browser)', { timeout: 180_000 }, () => {
  let admin: TestUser;
  let author: TestUser;
  let reporter: TestUser;
  let pro: { id: number; user: TestUser };
  const stamp = Date.now().toString(36).replace(/\d/g, 'q');
  const abusive = `You are all useless crooks ${stamp}`;
  const kind = `Very patient and clear ${stamp}`;
  const reason = 'Insults, which our review rules do not allow.';

  const suite = browserSuite({ workers: true }, async (ctx) => {
    admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Funke', lastName: 'Akindele' });
    author = await createUser(ctx.sql, { firstName: 'Tunde', lastName: 'Bakare' });
    reporter = await createUser(ctx.sql, { firstName: 'Ada', lastName: 'Obi' });
    const other = await createUser(ctx.sql, { firstName: 'Kemi', lastName: 'Lawal' });
    pro = await createProfessional(ctx.sql, { user: { firstName: 'Ifeoma', lastName: `Moderated${stamp}` } });
    await ctx.sql`INSERT INTO reviews (reviewer_id, professional_id, rating, comment, created_at)
      VALUES (${author.id}, ${pro.id}, 1, ${abusive}, now() - interval '1 day'), (${other.id}, ${pro.id}, 5, ${kind}, now() - interval '2 days')`;
  });

  it('a reported review hidden by an admin leaves the profile; the reply stays; the author sees the reason', async () => {
    const profile = `/professional/${pro.id}`;

    // A signed-in patient reports the abusive review, with a reason from the list.
    {
      const { page, context } = await suite.pageAs(reporter);
      await page.goto(profile);
      const report = page.getByRole('button', { name: 'Report review by Tunde B.' });
      await hydrated(report);
      await report.click();
      const dialog = page.getByRole('dialog', { name: 'Report this review' });
      await dialog.getByLabel('Reason').selectOption({ label: 'Offensive or abusive' });
      await dialog.getByRole('button', { name: 'Report' }).click();
      await toast(page, 'Review Reported').waitFor();
      await context.close();
    }

    // The provider replies once to the other review; the reply shows under it.
    {
      const { page, context } = await suite.pageAs(pro.user);
      await page.goto(profile);
      const replyButton = page.getByRole('button', { name: 'Reply', exact: true });
      await hydrated(replyButton.first());
      expect(await replyButton.count()).toBe(2);
      // The second review in the list (newest first) is the kind one.
      await replyButton.nth(1).click();
      const dialog = page.getByRole('dialog', { name: 'Reply to this review' });
      await dialog.getByLabel('Your reply').fill('Thank you, Kemi. See you at your next check-up.');
      await dialog.getByRole('button', { name: 'Post Reply' }).click();
      await toast(page, 'Reply Posted').waitFor();
      await page.getByLabel('Reply from the provider').getByText('Thank you, Kemi. See you at your next check-up.').waitFor();
      // Once only: the review replied to has no Reply button any more.
      await expect.poll(() => page.getByRole('button', { name: 'Reply', exact: true }).count()).toBe(1);
      await context.close();
    }

    // The admin hides it from the Moderation tab, with a reason.
    {
      const { page, context } = await suite.page();
      await signInAsAdmin(page, admin);
      await page.getByRole('tab', { name: 'Moderation' }).click();
      const item = page.getByRole('article', { name: `Review of Dr. Ifeoma Moderated${stamp} by Tunde Bakare` });
      await item.getByText(abusive).waitFor();
      await item.getByText('Offensive or abusive').waitFor();
      await item.getByRole('button', { name: 'Hide' }).click();
      const dialog = page.getByRole('dialog', { name: 'Hide this review?' });
      await dialog.getByLabel('Reason shown to the author').fill(reason);
      await dialog.getByRole('button', { name: 'Hide Review' }).click();
      await toast(page, 'Done').waitFor();
      await page.getByText('No reported reviews').waitFor();
      // It is on the Hidden side now, with its reason.
      // The control's radio input is visually hidden; its label is what a person clicks.
      const hiddenSide = page.getByRole('radio', { name: 'Hidden' });
      await page.locator(`label[for="${await hiddenSide.getAttribute('id')}"]`).click();
      await page.getByRole('article').getByText(`: ${reason}`, { exact: false }).waitFor();
      await context.close();
    }

    // Signed out, the profile no longer shows it (server-drawn and after hydration); the rating counts one review.
    {
      const { page, context } = await suite.page();
      const res = await page.goto(profile);
      const html = await res!.text();
      expect(html).not.toContain(abusive);
      // The reviews and the reply are drawn on the server too.
      expect(html).toContain(kind);
      expect(html).toContain('Thank you, Kemi. See you at your next check-up.');
      await hydrated(page.getByRole('heading', { name: 'Patient Reviews' }));
      await page.getByText(kind).waitFor();
      await page.getByText('Thank you, Kemi. See you at your next check-up.').waitFor();
      await page.getByText('(1 review)', { exact: true }).waitFor();
      expect(await page.getByText(abusive).count()).toBe(0);
      expect(hydrationProblems(page)).toEqual([]);
      await context.close();
    }

    // Its author still sees it, with the moderator's reason. The profile's code comes after the
    // session check has answered (as on a slow phone's network): the page still takes over the
    // server's HTML as it was drawn (signed out), then shows what this reader may do.
    {
      const { page, context } = await suite.pageAs(author);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const profileCode = pageChunk('ProfilePages');
      await page.route('**/assets/*.js', async (route) => {
        if (new URL(route.request().url()).pathname === profileCode) await released;
        await route.continue();
      });
      const sessionChecked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/user');
      await page.goto(profile);
      expect((await sessionChecked).status()).toBe(200);
      release();
      await hydrated(page.getByRole('button', { name: 'Report review by Kemi L.' }));
      await page.getByText(abusive).waitFor();
      await page.getByText(`Hidden by a moderator: ${reason}`).waitFor();
      expect(hydrationProblems(page)).toEqual([]);
      await context.close();
    }
  });
});
