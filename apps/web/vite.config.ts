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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), preloadDisplayFont()],
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
  },
  // The server's render (src/entry-server.tsx) is one file that needs no node_modules at run time.
  ssr: { noExternal: true },
}));
