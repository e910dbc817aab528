import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress.js';

// In development the API runs on its own port (npm run dev starts both); the built app is served by the
// server itself, so the same relative /api and /files paths work in both.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Each page is a chunk of its own (src/app/routes.tsx); Ant Design and the rest are split along the pages'
        // chunks by the bundler, so the first screen loads only what it uses (docs/web.md#route-splitting).
        codeSplitting: {
          groups: [
            // React and the router: used by every page, rarely changing, so cached on their own.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Ant Design's core, which every page uses (theme, CSS-in-JS, motion, popups' positioning): one chunk, which
            // compresses better than the handful the bundler would otherwise cut it into.
            {
              name: 'antd-core',
              test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|stylis|@emotion|@rc-component[\\/](util|motion|trigger|portal|resize-observer)|antd[\\/]es[\\/](theme|_util|style|config-provider|locale))[\\/]/,
            },
            // zod: one chunk, loaded only by the pages that validate with the contract's schemas (login, register, the
            // editor), never by the back office's first screen (docs/web.md#where-the-bytes-go).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
