import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs on its own port (npm run dev starts both); the built app is served by the
// server itself, so the same relative /api and /files paths work in both.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd is one large library, split into its own long-cached chunk; the app's own code stays small.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      experimental: { chunkOptimization: false },
      output: {
        // Keep the large, rarely changing libraries in their own cached chunks.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
