/**
 * Precompressed assets (issue 35): after the client build, every file under dist/assets
 * worth compressing gets a brotli (quality 11) and a gzip (level 9) copy beside it,
 * `<file>.br` and `<file>.gz`. The API's static serving (api/src/plugins/static.ts,
 * `preCompressed`) sends the copy the browser accepts, so hashed assets go out at the best
 * level once instead of at the cheap level that on-the-fly compression can afford on
 * every request (brotli 4).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|mjs|css|svg|json|webmanifest|html|txt|xml)$/;

export function precompressFolder(folder: string): number {
  let files = 0;
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) {
      files += precompressFolder(file);
      continue;
    }
    if (!compressible.test(name)) continue;
    const data = readFileSync(file);
    // Below a packet's worth the headers cost more than compression saves.
    if (data.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: name.endsWith('.js') ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    files++;
  }
  return files;
}

/** The Vite plugin: client builds only (the server renderer's files are never served). */
export function precompressAssets(outDir: string): Plugin {
  return {
    name: 'ilera-precompress-assets',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    closeBundle: {
      order: 'post',
      handler() {
        precompressFolder(path.join(outDir, 'assets'));
      },
    },
  };
}
