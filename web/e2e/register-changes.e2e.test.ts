import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRegisterFile } from '@ilera/db/register/generate';
import { importRegister } from '@ilera/db/register/import';
import { createUser, type TestUser } from '../../test/factories';
import { browserSuite, signInAsAdmin, toast } from '../../test/browser';

/**
 * Issue 33 (D22) in Chromium: a newer register file renames a claimed facility; the owner's name
 * stays and the administrator sees both names side by side in the Register changes tab, and applies
 * the register's.
 */
describe('register changes of claimed listings (browser)', { timeout: 120_000 }, () => {
  let admin: TestUser;
  let listingId = 0;
  let dir = '';
  const suite = browserSuite({}, async (ctx) => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-register-e2e-'));
    admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
    const options = { rows: 5, seed: 3, eHealthShare: 0 };
    await importRegister(ctx.sql, { file: (await writeFile(dir, 'first.csv', options)), events: false });
    [{ id: listingId }] = await ctx.sql<{ id: number }[]>`SELECT institution_id AS id FROM register_listings WHERE nhfr_uid = '10000005'`;
    const owner = await createUser(ctx.sql, { userType: 'institution' });
    // Claimed, and renamed by its owner.
    await ctx.sql`UPDATE institutions SET user_id = ${owner.id}, name = 'Owner Named Clinic' WHERE id = ${listingId}`;
    await importRegister(ctx.sql, { file: await writeFile(dir, 'newer.csv', { ...options, renameEvery: 5 }), events: false });
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('an administrator sees the owner’s and the register’s value side by side and applies the register’s', async () => {
    const [{ newName }] = await suite.ctx.sql<{ newName: string }[]>`
      SELECT pending->'fields'->>'name' AS new_name FROM register_listings WHERE institution_id = ${listingId}`;
    const { page, context } = await suite.page();
    await signInAsAdmin(page, admin);
    await page.getByRole('tab', { name: 'Register changes' }).click();
    const card = page.getByRole('article', { name: 'Register change of Owner Named Clinic' });
    const row = card.getByRole('row', { name: /Name/ });
    await row.getByRole('cell', { name: 'Owner Named Clinic', exact: true }).waitFor();
    await row.getByRole('cell', { name: newName, exact: true }).waitFor();
    expect(await card.getByRole('checkbox', { name: 'Apply Name' }).isChecked()).toBe(true);
    await card.getByRole('button', { name: 'Apply' }).click();
    await toast(page, 'Register Change Applied').waitFor();
    await page.getByText('No register changes waiting').waitFor();
    const [inst] = await suite.ctx.sql`SELECT name FROM institutions WHERE id = ${listingId}`;
    expect(inst!.name).toBe(newName);
    await context.close();
  });
});

async function writeFile(dir: string, name: string, options: Parameters<typeof writeRegisterFile>[1]) {
  const file = path.join(dir, name);
  await writeRegisterFile(file, options);
  return file;
}
