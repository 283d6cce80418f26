import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 16: Mantine's CSS is split in two, the first screen's (render-blocking) and the rest
// (loaded after the first paint). Together they must be all of Mantine's stylesheets, each once,
// or a component would be drawn unstyled for good.
const here = dirname(fileURLToPath(import.meta.url));
const mantineStyles = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
const imported = (file: string) =>
  [...readFileSync(join(here, file), 'utf8').matchAll(/@import '@mantine\/core\/styles\/([^']+)';/g)].map((m) => m[1]);

describe("Mantine's stylesheets", () => {
  it('are each imported once, by first-screen.css or styles-rest.css', () => {
    const all = readdirSync(mantineStyles).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'));
    const both = [...imported('first-screen.css'), ...imported('styles-rest.css')];
    expect(both.length).toBeGreaterThan(80);
    expect([...both].sort()).toEqual([...all].sort());
  });

  it('put the base first: the reset, the default variables and the global rules', () => {
    expect(imported('first-screen.css').slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
  });
});
