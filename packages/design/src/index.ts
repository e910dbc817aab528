export * from './document.js';
export * from './render.js';
export * from './fonts.js';
export * from './placeholders.js';
