import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiOrigin = process.env.VITE_API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': apiOrigin, '/uploads': apiOrigin },
  },
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: false },
});
