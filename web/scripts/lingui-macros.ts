/**
 * Lingui's macros (issue 50, decision 046) compiled by Babel in the files that import them, and only there.
 * React's plugin ran Babel with the macro plugin over every file of the app (270, of which about 40 use a
 * macro), for the client build and again for the server renderer's: parsing and printing each file once
 * more. Vite's own transform (JSX, TypeScript) does the rest, as it did after React's plugin.
 */
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

export function linguiMacros(): Plugin {
  return {
    name: 'ilera-lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: { include: /\.[cm]?[jt]sx?(\?|$)/, exclude: /\/node_modules\// }, code: /@lingui\/(core|react)\/macro/ },
      async handler(code, id) {
        const [file] = id.split('?');
        const result = await transformAsync(code, {
          filename: id,
          sourceFileName: file,
          babelrc: false,
          configFile: false,
          sourceType: 'module',
          parserOpts: { plugins: [...(file!.endsWith('.ts') ? [] : (['jsx'] as const)), 'typescript'] },
          generatorOpts: { importAttributesKeyword: 'with' },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
          sourceMaps: true,
        });
        return result?.code == null ? null : { code: result.code, map: result.map };
      },
    },
  };
}
