import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * Every module the entry loads up front, found once the graph is built: they go out as one chunk.
 * Left to itself the bundler splits them into some thirty small files wherever a lazy page shares
 * one, and a phone on HTTP/1.1 fetches six at a time, so the first picture waits behind them. The
 * entry itself stays out: it awaits a lazy page before hydrating, and that page imports this chunk,
 * which must not be the one still waiting.
 */
function firstLoadModules(): { plugin: Plugin; includes: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'first-load-modules',
    apply: 'build',
    buildEnd() {
      const entry = [...this.getModuleIds()].find((id) => id.endsWith('/src/main.tsx'));
      const pending = entry ? [entry] : [];
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (modules.has(id)) continue;
        modules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, includes: (id) => modules.has(id) && !id.endsWith('/src/main.tsx') };
}

const firstLoad = firstLoadModules();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), preloadDisplayFont(), firstLoad.plugin],
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
      : { output: { advancedChunks: { groups: [{ name: 'shell', test: firstLoad.includes }] } } },
  },
  // The server's render (src/entry-server.tsx) is one file that needs no node_modules at run time.
  ssr: { noExternal: true },
}));
