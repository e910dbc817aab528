import { compression } from 'vite-plugin-compression2';

/**
 * Each built script, style sheet and font written again beside itself as .br and .gz (brotli at its default best
 * quality, gzip level 9), once at build time: the server hands a browser the smallest copy it accepts without
 * compressing anything per request (docs/web.md#compressed-files). Both builds use it.
 */
export const precompress = () =>
  compression({
    algorithms: ['brotliCompress', ['gzip', { level: 9 }]],
    include: /\.(js|css|svg|json|woff2?|ttf|otf|wasm)$/,
    // Below a kilobyte a compressed copy saves less than its own headers.
    threshold: 1024,
    skipIfLargerOrEqual: true,
  });
