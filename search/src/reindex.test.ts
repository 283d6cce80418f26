import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { createInstitution, createProfessional } from '../../test/factories';
import { buildProfessionalDocuments, checkIndex, PostgresEngine, reindexAll } from './index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `tsx search/src/cli.ts <command>` (what `npm run reindex` / `search:check` run) against the test database. */
function cli(command: string, databaseUrl: string): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  delete env.TYPESENSE_URL;
  delete env.TYPESENSE_API_KEY;
  return new Promise((resolve) => {
    execFile(path.join(root, 'node_modules/.bin/tsx'), ['search/src/cli.ts', command], { cwd: root, env }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

describe('reindex and search:check', () => {
  let db: { sql: Sql; url: string };
  let engine: PostgresEngine;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    engine = new PostgresEngine(db.sql);
    ids.a = (await createProfessional(db.sql, { user: { firstName: 'Amaka', lastName: 'Obi' } })).id;
    ids.b = (await createProfessional(db.sql, { user: { firstName: 'Bola', lastName: 'Tinubu' }, specialty: 'Surgery' })).id;
    ids.c = (await createProfessional(db.sql, { user: { firstName: 'Chidi', lastName: 'Eze' }, professionalType: 'nurse', specialty: 'Midwifery' })).id;
    ids.pending = (await createProfessional(db.sql, { status: 'pending', user: { firstName: 'Dayo', lastName: 'Pending' } })).id;
    ids.inst = (await createInstitution(db.sql, { name: 'Reddington Hospital' })).id;
    ids.instPending = (await createInstitution(db.sql, { name: 'Not Yet Hospital', status: 'pending' })).id;
  });
  afterAll(async () => db.sql.end({ timeout: 2 }));

  it('reindexAll indexes every approved profile and nothing else', async () => {
    const counts = await reindexAll(db.sql, { engine });
    expect(counts).toEqual({ professionals: 3, institutions: 1 });
    const report = await checkIndex(db.sql, { engine });
    expect(report.ok).toBe(true);
    const [r] = (await engine.multiSearch([{ collection: 'professionals', q: '*', facet_by: 'professionalType', per_page: 50 }])) as never as [
      { found: number; facet_counts: { counts: { value: string; count: number }[] }[] },
    ];
    expect(r.found).toBe(3);
    expect(r.facet_counts[0].counts).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 'doctor', count: 2 }), expect.objectContaining({ value: 'nurse', count: 1 })]),
    );
  });

  it('search:check reports an index damaged on purpose, and reindex repairs it', async () => {
    await reindexAll(db.sql, { engine });
    // Damage: a document lost, a pending profile indexed, a document out of date.
    await engine.delete('professionals', [String(ids.a)]);
    const [pendingDoc] = await buildProfessionalDocuments(db.sql, [ids.b]);
    await engine.upsert('professionals', [{ ...pendingDoc, id: String(ids.pending), name: 'Dr. Dayo Pending' }]);
    await db.sql`UPDATE professionals SET city = 'Kano', state = 'Kano' WHERE id = ${ids.c}`; // no event: the index is stale
    await db.sql`DELETE FROM search_documents WHERE collection = 'institutions'`;

    const report = await checkIndex(db.sql, { engine });
    expect(report.ok).toBe(false);
    expect(report.professionals).toMatchObject({
      expected: 3,
      indexed: 3,
      missing: [String(ids.a)],
      extra: [String(ids.pending)],
      stale: [String(ids.c)],
    });
    expect(report.institutions).toMatchObject({ expected: 1, indexed: 0, missing: [String(ids.inst)], extra: [], stale: [] });

    // The commands a person runs: check fails and names the differences, reindex repairs, check passes.
    const before = await cli('check', db.url);
    expect(before.code).toBe(1);
    expect(before.out).toContain(`missing from the index: ${ids.a}`);
    expect(before.out).toContain(`in the index but not approved: ${ids.pending}`);
    expect(before.out).toContain(`out of date in the index: ${ids.c}`);
    expect(before.out).toContain('The index differs from PostgreSQL');

    const vacuumed = () => db.sql<{ relname: string }[]>`
      SELECT relname FROM pg_stat_user_tables WHERE last_vacuum IS NOT NULL AND last_analyze IS NOT NULL ORDER BY 1`;
    expect((await vacuumed()).map((t) => t.relname)).not.toContain('search_documents');
    const reindex = await cli('reindex', db.url);
    expect(reindex.code).toBe(0);
    expect(reindex.out).toContain('Reindexed 3 professionals and 1 institutions');
    // It ends with VACUUM (ANALYZE) of what it wrote (issue 38).
    expect(reindex.out).toMatch(/VACUUM \(ANALYZE\) of \d+ tables/);
    expect((await vacuumed()).map((t) => t.relname)).toEqual(
      expect.arrayContaining(['institutions', 'professionals', 'search_bodies', 'search_documents', 'search_terms']),
    );

    const after = await cli('check', db.url);
    expect(after.code).toBe(0);
    expect(after.out).toContain('The index matches PostgreSQL.');
    expect((await checkIndex(db.sql, { engine })).ok).toBe(true);
    const kano = (await engine.multiSearch([{ collection: 'professionals', q: '*', filter_by: 'state:=[`Kano`]' }])) as never as [
      { hits: { document: { id: string } }[] },
    ];
    expect(kano[0].hits.map((h) => h.document.id)).toEqual([String(ids.c)]);
  }, 60000);
});
