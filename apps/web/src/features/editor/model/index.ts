/** The design editor's model (docs/editor.md): DOM-free state and commands; the canvas only draws the state. */
export * from './state';
export * from './geometry';
export * from './messages';
export * from './commands';
export * from './history';
export * from './snapping';
export * from './keyboard';
export * from './areaSwitch';
export * from './saveModes';
export * from './recompose';
export * from './crop';
export * from './draft';
export * from './garment';
