import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: { outDir: `../${process.env.WEB_DIST_DIR ?? 'dist/web'}`, emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/resources': 'http://localhost:8080' },
  },
});
