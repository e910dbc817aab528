export * from './document.js';
export * from './migrations.js';
export * from './render.js';
export * from './fonts.js';
export * from './placeholders.js';
