// SQL of the sitemap: approved profiles only, read by id range (the primary key),
// so a file of the sitemap costs one index range scan however large the directory is.
import type { Db } from '@ilera/db';

export type ProfileKind = 'professional' | 'institution';

const tables = { professional: 'professionals', institution: 'institutions' } as const;

/**
 * Profiles per sitemap file: a file covers the ids [k * FILE_SPAN + 1, (k + 1) * FILE_SPAN].
 * Ids are unique, so a file can never list more than FILE_SPAN URLs (the protocol's
 * limit is 50,000), whatever is approved or withdrawn between two reads; and a
 * profile's file never changes, so two files never list it both.
 */
export const FILE_SPAN = 50_000;

export interface SitemapFile {
  page: number;
  lastModified: Date;
}

/** The files that hold at least one approved profile, with the newest change in each. */
export async function sitemapFiles(db: Db, kind: ProfileKind): Promise<SitemapFile[]> {
  return db<SitemapFile[]>`
    SELECT ((id - 1) / ${FILE_SPAN})::int AS page, max(updated_at) AS last_modified
    FROM ${db(tables[kind])} WHERE status = 'approved'
    GROUP BY 1 ORDER BY 1`;
}

export interface SitemapEntry {
  id: number;
  updatedAt: Date;
}

/** The approved profiles of one file, in id order. */
export async function sitemapEntries(db: Db, kind: ProfileKind, page: number): Promise<SitemapEntry[]> {
  const first = page * FILE_SPAN + 1;
  const last = (page + 1) * FILE_SPAN;
  return db<SitemapEntry[]>`
    SELECT id, updated_at FROM ${db(tables[kind])}
    WHERE id BETWEEN ${first} AND ${last} AND status = 'approved'
    ORDER BY id`;
}
