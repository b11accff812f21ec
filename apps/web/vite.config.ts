import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

const apiOrigin = process.env.VITE_API_ORIGIN ?? 'http://localhost:3000';

/**
 * Preloads the Latin display font: headings set in a fallback font re-wrap when it arrives, which
 * shifts the page on a phone.
 */
function preloadDisplayFont(): Plugin {
  return {
    name: 'preload-display-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) =>
          /fraunces-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${font}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** Text files worth sending compressed; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|xml|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Brotli at its best quality and gzip at its best level, written beside every text file of the
 * build: the server sends them as they are, so a phone gets the fewest bytes (the first-load
 * script a tenth smaller than brotli at the quality a server can afford per request) and the
 * server compresses nothing at each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        const br = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
        if (br.length < body.length) writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * Every module the entry loads up front, found once the graph is built: they go out as one chunk
 * besides React DOM's. Left to itself the bundler splits them into some thirty small files wherever
 * a lazy page shares one, and a phone on HTTP/1.1 fetches six at a time, so the first picture waits
 * behind them. The entry imports its two pieces (src/main.tsx) one after the other; Vite names both
 * in index.html as modulepreloads, so they download together.
 */
function firstLoadModules(): { plugin: Plugin; includes: (id: string) => boolean } {
  const modules = new Set<string>();
  const isEntry = (id: string) => id.endsWith('/src/main.tsx');
  const plugin: Plugin = {
    name: 'first-load-modules',
    apply: 'build',
    buildEnd() {
      const entry = [...this.getModuleIds()].find(isEntry);
      const entryInfo = entry ? this.getModuleInfo(entry) : null;
      const pending = [
        ...(entryInfo?.importedIds ?? []),
        ...(entryInfo?.dynamicallyImportedIds ?? []),
      ];
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (modules.has(id)) continue;
        modules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    // The entry imports its pieces dynamically, so Vite would leave them to be found as it runs:
    // the page names their scripts and stylesheets itself, to fetch them with the entry.
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (file): file is Rollup.OutputChunk =>
            file.type === 'chunk' && FIRST_LOAD_CHUNKS.includes(file.name),
        );
        return [
          ...chunks.flatMap((chunk) =>
            [...(chunk.viteMetadata?.importedCss ?? [])].map((css) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${css}` },
              injectTo: 'head' as const,
            })),
          ),
          ...chunks.map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
  // The entry's own stylesheet stays with the entry: in the shell, its empty module would make the
  // entry import the shell statically, evaluating it before React DOM.
  return {
    plugin,
    includes: (id) => modules.has(id) && !isEntry(id) && !id.endsWith('/src/index.css'),
  };
}

/**
 * Vite's preload helper, which the entry and the lazy pages share, in a file of its own: in the
 * shell it would make the entry import the shell statically, as above.
 */
const PRELOAD_HELPER = /vite\/preload-helper/;

/** React DOM and the scheduler it runs on: the entry's first piece. */
const FIRST_LOAD_CHUNKS = ['react-dom', 'shell'];
const REACT_DOM = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;

const firstLoad = firstLoadModules();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    preloadDisplayFont(),
    firstLoad.plugin,
    ...(isSsrBuild ? [] : [precompress()]),
  ],
  server: {
    proxy: { '/api': apiOrigin, '/uploads': apiOrigin },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // The server reads which files a lazy page needs, to name them in that page's head.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'preload-helper', test: (id: string) => PRELOAD_HELPER.test(id) },
                {
                  name: 'react-dom',
                  test: (id: string) => firstLoad.includes(id) && REACT_DOM.test(id),
                },
                { name: 'shell', test: firstLoad.includes },
              ],
            },
          },
        },
  },
  // The server's render (src/entry-server.tsx) is one file that needs no node_modules at run time.
  ssr: { noExternal: true },
}));
