import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support';
import { migrate, migrationsDir } from './migrate';
import type { Sql } from './client';

describe('migrations', () => {
  let sql: Sql;
  let dir: string;
  beforeAll(async () => {
    ({ sql } = await createTestDatabase());
    dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-mig-'));
  });
  afterAll(async () => sql.end());

  it('the template has every migration of db/migrations recorded', async () => {
    const rows = await sql`SELECT name FROM schema_migrations ORDER BY name`;
    const { readdir } = await import('node:fs/promises');
    const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
    expect(rows.map((r) => r.name)).toEqual(files);
    expect(await migrate(sql)).toEqual([]); // idempotent
  });

  it('applies new files in order and records them', async () => {
    await writeFile(path.join(dir, '001_a.sql'), 'CREATE TABLE mig_a (id int);');
    await writeFile(path.join(dir, '002_b.sql'), 'ALTER TABLE mig_a ADD COLUMN b text;');
    expect(await migrate(sql, dir)).toEqual(['001_a.sql', '002_b.sql']);
    await sql`INSERT INTO mig_a (id, b) VALUES (1, 'x')`;
  });

  it('refuses to start when an applied file was changed', async () => {
    await writeFile(path.join(dir, '001_a.sql'), 'CREATE TABLE mig_a (id bigint);');
    await expect(migrate(sql, dir)).rejects.toThrow(/001_a.sql was changed/);
  });

  it('accepts a file amended.json lists as rewritten from a text that ran, records its new checksum, and still refuses any other change', async () => {
    const adir = await mkdtemp(path.join(os.tmpdir(), 'ilera-amend-'));
    const first = 'CREATE TABLE amend_a (id int); CREATE TABLE amend_b (id int);';
    await writeFile(path.join(adir, '201_amend.sql'), first);
    expect(await migrate(sql, adir)).toEqual(['201_amend.sql']);
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const rewritten = 'CREATE TABLE amend_a (id int);\nCREATE TABLE amend_b (id int);\n';
    await writeFile(path.join(adir, '201_amend.sql'), rewritten);
    await expect(migrate(sql, adir)).rejects.toThrow(/201_amend.sql was changed/);
    await writeFile(path.join(adir, 'amended.json'), JSON.stringify({ '201_amend.sql': { was: [sha(first)], why: 'same tables, one per line' } }));
    expect(await migrate(sql, adir)).toEqual([]);
    const [row] = await sql`SELECT checksum FROM schema_migrations WHERE name = '201_amend.sql'`;
    expect(row.checksum).toBe(sha(rewritten));
    // A further edit that amended.json does not name is refused as before.
    await writeFile(path.join(adir, '201_amend.sql'), 'CREATE TABLE amend_a (id bigint);');
    await expect(migrate(sql, adir)).rejects.toThrow(/201_amend.sql was changed/);
  });

  it('the amended migrations leave no helper function behind', async () => {
    const rows = await sql`SELECT proname FROM pg_proc WHERE proname = 'clear_unbacked_badges'`;
    expect(rows).toEqual([]);
  });

  it('applies each file in its own transaction: a failing file leaves nothing of itself, the ones before it stay recorded', async () => {
    await writeFile(path.join(dir, '001_a.sql'), 'CREATE TABLE mig_a (id int);');
    await writeFile(path.join(dir, '003_c.sql'), 'CREATE TABLE mig_c (id int);');
    await writeFile(path.join(dir, '004_d.sql'), 'CREATE TABLE mig_d (id int); SELECT no_such_function();');
    await expect(migrate(sql, dir)).rejects.toThrow(/no_such_function/);
    const [row] = await sql`SELECT to_regclass('mig_c') IS NOT NULL AS c, to_regclass('mig_d') IS NOT NULL AS d`;
    expect(row).toEqual({ c: true, d: false });
    const recorded = await sql`SELECT name FROM schema_migrations WHERE name IN ('003_c.sql', '004_d.sql')`;
    expect(recorded.map((r) => r.name)).toEqual(['003_c.sql']);
    // Fixed, the next start applies the failed file alone.
    await writeFile(path.join(dir, '004_d.sql'), 'CREATE TABLE mig_d (id int);');
    expect(await migrate(sql, dir)).toEqual(['004_d.sql']);
  });

  it('several processes migrating at once apply each file once', async () => {
    await writeFile(path.join(dir, '005_e.sql'), 'CREATE TABLE mig_e (id int);');
    await writeFile(path.join(dir, '006_f.sql'), 'CREATE TABLE mig_f (id int);');
    const runs = await Promise.all([migrate(sql, dir), migrate(sql, dir), migrate(sql, dir)]);
    expect(runs.flat().sort()).toEqual(['005_e.sql', '006_f.sql']);
  });
});

describe('data model constraints', () => {
  let sql: Sql;
  beforeAll(async () => {
    ({ sql } = await createTestDatabase());
  });
  afterAll(async () => sql.end());

  it('e-mail is unique whatever its letter case', async () => {
    await sql`INSERT INTO users (email) VALUES ('Ada@Example.ng')`;
    await expect(sql`INSERT INTO users (email) VALUES ('ada@example.ng')`).rejects.toMatchObject({ code: '23505' });
  });

  it('checks enumerations and the 1-5 rating', async () => {
    await expect(sql`INSERT INTO users (email, user_type) VALUES ('x@y.ng', 'superuser')`).rejects.toMatchObject({ code: '23514' });
    const [u] = await sql`INSERT INTO users (email) VALUES ('r@y.ng') RETURNING id`;
    const [p] = await sql`
      INSERT INTO users (email, user_type) VALUES ('p@y.ng', 'professional') RETURNING id`;
    const [pro] = await sql`
      INSERT INTO professionals (user_id, professional_type, title, specialty) VALUES (${p.id}, 'doctor', 'Dr.', 'Cardiology') RETURNING id, status, is_approved`;
    expect(pro).toMatchObject({ status: 'pending', isApproved: false });
    await expect(sql`INSERT INTO reviews (reviewer_id, professional_id, rating) VALUES (${u.id}, ${pro.id}, 6)`).rejects.toMatchObject({ code: '23514' });
    await expect(sql`INSERT INTO reviews (reviewer_id, rating) VALUES (${u.id}, 4)`).rejects.toMatchObject({ code: '23514' });
  });
});
