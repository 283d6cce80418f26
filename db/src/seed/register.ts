import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Sql } from '../client';
import { writeRegisterFile } from '../register/generate';
import { importRegister } from '../register/import';

/**
 * The demo's unclaimed listings: `rows` invented register rows written as a register file and
 * imported by the same code as `npm run import:facilities`. No search events: the seed rebuilds the
 * whole index right after (scripts/seed.ts, scripts/start.ts).
 */
export async function seedRegister(sql: Sql, rows: number, seed: number, log: (msg: string) => void = () => {}): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-register-'));
  try {
    const file = path.join(dir, 'demo-register.csv');
    await writeRegisterFile(file, { rows, seed });
    const { summary } = await importRegister(sql, { file, events: false, coverage: 'none' });
    log(`register listings: ${summary.created} created, ${summary.unchanged} unchanged (invented register rows)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
