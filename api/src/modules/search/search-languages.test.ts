import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { professionalSearchQuerySchema } from '@ilera/contracts';
import { buildDocuments, type SearchEngine, type SearchResult } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createProfessional } from '../../../../test/factories';
import { engineTargets } from '../../../../test/engine-targets';
import { multiSearch, searchProfessionals } from './search.service';

/**
 * Issue 50, "speaks my language": `language=` and the language facet on both engines, every count compared
 * with what the professionals table holds; the same filter in multi_search and understood from words.
 */
describe('search by the language a professional consults in (issue 50)', () => {
  let ctx: TestContext;
  const ids: Record<string, number> = {};
  const name: Record<number, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    const pros: [string, { professionalType?: 'doctor' | 'nurse'; specialty?: string; state?: string; status?: 'approved' | 'pending' }, string[]][] = [
      ['d1', { specialty: 'Cardiology', state: 'Kano' }, ['en', 'ha']],
      ['d2', { specialty: 'Pediatrics', state: 'Kano' }, ['ha']],
      ['d3', { specialty: 'Cardiology', state: 'Lagos' }, ['en', 'yo', 'pcm']],
      ['n1', { professionalType: 'nurse', specialty: 'General Nursing', state: 'Kano' }, ['ha', 'ff']],
      ['d4', { specialty: 'Dermatology', state: 'Lagos' }, []],
      // Not public: never indexed, never counted.
      ['p1', { specialty: 'Cardiology', state: 'Kano', status: 'pending' }, ['ha']],
    ];
    for (const [key, o, codes] of pros) {
      const p = await createProfessional(ctx.sql, { ...o, city: o.state, user: { firstName: key.toUpperCase(), lastName: 'Bello', email: `${key}@example.ng` } });
      await ctx.sql`UPDATE professionals SET language_codes = ${codes} WHERE id = ${p.id}`;
      ids[key] = p.id;
      name[p.id] = key;
    }
  });
  afterAll(async () => ctx?.close());

  /** What the database says: public professionals per language, and those of one language. */
  const dbCounts = async (where = ctx.sql`true`) => {
    const rows = await ctx.sql<{ code: string; count: number }[]>`
      SELECT code, count(*)::int AS count FROM professionals, unnest(language_codes) AS code
      WHERE status = 'approved' AND ${where} GROUP BY code ORDER BY code`;
    return rows.map((r) => `${r.code}:${r.count}`);
  };
  const dbSpeakers = async (code: string, where = ctx.sql`true`) =>
    (await ctx.sql<{ id: number }[]>`SELECT id FROM professionals WHERE status = 'approved' AND ${code} = ANY(language_codes) AND ${where}`)
      .map((r) => name[r.id]!)
      .sort();

  it('the documents carry the codes; a professional without languages has none', async () => {
    const [d1, d4] = await buildDocuments(ctx.sql, 'professionals', [ids.d1!, ids.d4!]);
    expect(d1).toMatchObject({ languages: ['en', 'ha'] });
    expect(d4!.languages ?? []).toEqual([]);
  });

  describe.each(engineTargets('languages'))('on $name', (target) => {
    let engine: SearchEngine;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ engine, close } = await target.make(ctx.sql));
      await engine.ensureCollections();
      await engine.upsert('professionals', await buildDocuments(ctx.sql, 'professionals', Object.values(ids)));
    });
    afterAll(async () => close());

    const search = async (params: Record<string, unknown>) => {
      const answer = await searchProfessionals(engine, professionalSearchQuerySchema.parse({ perPage: 50, ...params }));
      return { ...answer, names: answer.hits.map((h) => name[Number(h.id)]!).sort(), counts: answer.facets.language!.map((f) => `${f.value}:${f.count}`).sort() };
    };

    it('counts the language facet as the table does, and filters by language= exactly', async () => {
      const all = await search({});
      expect(all.counts).toEqual(await dbCounts());
      expect(all.counts).toEqual(['en:2', 'ff:1', 'ha:3', 'pcm:1', 'yo:1']);
      for (const code of ['ha', 'en', 'yo', 'pcm', 'ff', 'ig']) {
        const one = await search({ language: code });
        expect(one.names, code).toEqual(await dbSpeakers(code));
        expect(one.found).toBe((await dbSpeakers(code)).length);
        // The facet ignores its own filter (another language can be chosen instead).
        expect(one.counts).toEqual(all.counts);
      }
    });

    it('under other filters the facet counts what they keep; a code in capitals is the code', async () => {
      const kanoDoctors = await search({ state: 'Kano', professionalType: 'doctor' });
      expect(kanoDoctors.counts).toEqual(await dbCounts(ctx.sql`state = 'Kano' AND professional_type = 'doctor'`));
      const hausaNurses = await search({ language: 'HA', professionalType: 'nurse' });
      expect(hausaNurses.names).toEqual(await dbSpeakers('ha', ctx.sql`professional_type = 'nurse'`));
      expect(hausaNurses.counts).toEqual(await dbCounts(ctx.sql`professional_type = 'nurse'`));
      expect((await search({ language: 'pcm' })).names).toEqual(['d3']);
    });

    it('understands "doctor who speaks hausa" and "likita mai jin hausa" as the Hausa-speaking doctors', async () => {
      const speakers = await dbSpeakers('ha', ctx.sql`professional_type = 'doctor'`);
      for (const query of ['doctor who speaks hausa', 'likita mai jin hausa', 'Hausa-speaking doctor']) {
        const answer = await search({ query });
        expect(answer.names, query).toEqual(speakers);
        expect(answer.understood.map((u) => `${u.field}=${u.value}`).sort(), query).toEqual(['languages=ha', 'professionalType=doctor']);
        expect(answer.understood.find((u) => u.field === 'languages')!.label).toBe('Speaks Hausa');
      }
      // An explicit language= wins over the words.
      expect((await search({ query: 'doctor who speaks hausa', language: 'yo' })).names).toEqual(['d3']);
    });

    it('multi_search filters and facets languages as the REST search does', async () => {
      const { results } = await multiSearch(engine, {
        searches: [
          { collection: 'professionals', q: '*', filter_by: 'languages:=[ha]', facet_by: 'languages', per_page: 10 },
          { collection: 'professionals', q: '*', filter_by: 'languages:=[en] && state:=[Lagos]', per_page: 10 },
          { collection: 'professionals', q: 'doctor who speaks yoruba', per_page: 10 },
        ],
      });
      const [ha, enLagos, yo] = results as (SearchResult & { hits: { document: Record<string, unknown> }[] })[];
      expect(ha.hits.map((h) => name[Number(h.document.id)]).sort()).toEqual(await dbSpeakers('ha'));
      expect(ha.facet_counts.find((f) => f.field_name === 'languages')!.counts.map((c) => `${c.value}:${c.count}`).sort()).toEqual(
        await dbCounts(ctx.sql`'ha' = ANY(language_codes)`),
      );
      expect(ha.hits[0]!.document.languages).toEqual(expect.arrayContaining(['ha']));
      expect(enLagos.hits.map((h) => name[Number(h.document.id)])).toEqual(['d3']);
      expect(yo.hits.map((h) => name[Number(h.document.id)])).toEqual(['d3']);
    });
  });

  it('GET /api/professionals/search refuses a language not in the list, naming the field', async () => {
    for (const language of ['klingon', 'Hausa', 'xx']) {
      const res = await ctx.app.inject({ url: `/api/professionals/search?language=${language}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ language: 'language must be a language from the list (its code, like language=ha)' });
    }
    const ok = await ctx.app.inject({ url: '/api/professionals/search?language=ha' });
    expect(ok.statusCode).toBe(200);
  });
});
