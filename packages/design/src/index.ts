export * from './document.js';
export * from './render.js';
