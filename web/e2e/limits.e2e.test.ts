import { describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createProfessional } from '../../test/factories';
import { browserSuite, busyDiary, hydrated, hydratedByReact, whileSearchesHeld } from '../../test/browser';

/**
 * What a person sees when a limit is reached. The limits here are tiny (a few
 * searches and profile reads a minute) so that a handful of clicks reach them;
 * production figures are in docs/RELIABILITY.md.
 */
describe('limits in the browser', () => {
  const proIds: number[] = [];

  // The browser's first page comes without the client cookie (it counts against the address's allowance
  // for such requests); its answer sets the cookie, and every later request counts against this client's
  // own limits: here two searches and one profile read a minute (a search page counts as one search).
  const suite = browserSuite({ requestLimits: { searchPerClient: { max: 2 }, profileReadPerClient: { max: 1 } } }, async (ctx) => {
    for (const lastName of ['Adebayo', 'Okafor', 'Eze']) {
      proIds.push((await createProfessional(ctx.sql, { specialty: 'Cardiology', user: { firstName: 'Kemi', lastName } })).id);
    }
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('the search page says to wait and try again once the searches of this client are used up', async () => {
    const { page, context } = await suite.page();
    const alert = page.getByRole('alert').filter({ hasText: 'Too many requests' });
    const answered = page.getByRole('status').filter({ hasText: /results? found/ });
    const seen: string[] = [];
    // A new search per page load, each waited for: the first three are answered, then the limit speaks.
    for (const q of ['cardiology', 'kemi', 'adebayo', 'heart']) {
      await page.goto(`/search?q=${q}`);
      await answered.or(alert).waitFor();
      seen.push((await alert.count()) ? 'limited' : 'answered');
      // The first page's answer gave the browser its client cookie, out of the page's scripts' reach.
      expect((await context.cookies()).find((c) => c.name === 'ilera_client')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    }
    expect(seen).toEqual(['answered', 'answered', 'answered', 'limited']);
    expect(await alert.textContent()).toMatch(/Please wait 1 minute and try again\./);
    await context.close();

    // Another browser behind the same address (carrier-grade NAT) has limits of its own: it is answered.
    const other = await suite.page();
    for (const q of ['cardiology', 'kemi']) {
      await other.page.goto(`/search?q=${q}`);
      await other.page.getByRole('status').filter({ hasText: /results? found/ }).or(other.page.getByRole('alert')).waitFor();
      expect(await other.page.getByRole('alert').filter({ hasText: 'Too many requests' }).count()).toBe(0);
    }
    await other.context.close();
  });

  it('a profile page refused by the limit says to wait, not "not found"', async () => {
    const { page, context } = await suite.page();
    const limited = page.getByRole('heading', { name: 'Too Many Requests' });
    const shown = page.getByRole('heading', { name: /Kemi/ }).first();
    // The first profile page comes before the cookie (the address's allowance) and arrives whole, its reviews
    // drawn by the server; the second is this client's one read; the third is refused. (A new profile each
    // time: the browser may answer a profile it read a minute ago from its cache.)
    await page.goto(`/professional/${proIds[0]}`);
    await shown.waitFor();
    await page.goto(`/professional/${proIds[1]}`);
    await shown.waitFor();
    expect(await limited.count()).toBe(0);
    await page.goto(`/professional/${proIds[2]}`);
    await shown.or(limited).waitFor();
    expect(await limited.count()).toBe(1);
    expect(await page.getByText(/Please wait 1 minute and try again\./).count()).toBeGreaterThan(0);
    expect(await page.getByText('Professional Not Found').count()).toBe(0);
    await context.close();
  });
});

/**
 * An API shedding load (issue 13, api/src/plugins/load-shedding.ts) answers 503 with a message:
 * the search page says the service is busy and to try again, not that the search failed. The
 * load is real: searches held in PostgreSQL (the table every search reads first is locked)
 * until the process counts more in flight than its (tiny) limit.
 */
describe('load shedding in the browser', () => {
  const suite = browserSuite({ config: { loadShedding: { maxInFlight: 3, maxEventLoopDelayMs: 0, maxRssMb: 0 } } }, async (ctx) => {
    await createProfessional(ctx.sql, { specialty: 'Cardiology', user: { firstName: 'Kemi', lastName: 'Adebayo' } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('the search page says the service is busy and to try again while the API refuses requests, and searches again after', async () => {
    const { ctx, base } = suite;
    const { page, context } = await suite.page();
    // A patient already using the page: the app has come (a search sent from the box), so what is
    // checked below is the page's answer to a refused search, not the app's arrival under shedding.
    await page.goto('/search');
    const box = page.getByRole('textbox', { name: 'Search' });
    await hydrated(box);
    await box.fill('kemi');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '1 result found' }).waitFor();
    await hydratedByReact(page.getByRole('button', { name: /Doctors/ }));

    const busy = page.getByRole('alert').filter({ hasText: 'Search is busy' });
    // What the page asked and was answered while the searches were held: said when the page does not show
    // "busy" (a clean-clone CI run on 2026-11-30 once saw neither the busy alert nor, on the retry, the click
    // take effect within 30 s, and nothing here told why).
    const { diary, state } = busyDiary(page, base);
    const statuses = await whileSearchesHeld(ctx, base, async () => {
      diary.note('searches held, /healthz says 503');
      // A new search from the page (the type card): refused at once.
      await diary.explained('clicking Doctors', page.getByRole('button', { name: /Doctors/ }).first().click(), state);
      diary.note('clicked Doctors');
      await diary.explained('waiting for "Search is busy"', busy.waitFor(), state);
      expect(await busy.textContent()).toMatch(/The service is busy\. Please try again in a few seconds\./);
    });
    // Those let in were held, not dropped: each is answered (one sent after the count passed the limit is refused).
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
    await expect.poll(async () => (await fetch(`${base}/healthz`)).status, { timeout: 30000, interval: 100 }).toBe(200);
    await page.goto('/search?q=kemi');
    await page.getByRole('status').filter({ hasText: '1 result found' }).waitFor();
    expect(await busy.count()).toBe(0);
    await context.close();
  });
});
