/**
 * The editor in the finished screen's design popup (an iframe of this app) tells the popup whether it holds
 * unsaved changes, so closing the popup can ask first: removing an iframe fires no `beforeunload`.
 * Both sides are this app on one origin; the popup checks the message's origin and source.
 */
export const EDITOR_DIRTY_MESSAGE = 'pod-editor-dirty';

export interface EditorDirtyMessage {
  type: typeof EDITOR_DIRTY_MESSAGE;
  dirty: boolean;
}

export const isEditorDirtyMessage = (data: unknown): data is EditorDirtyMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === EDITOR_DIRTY_MESSAGE;

/**
 * The editor in the design popup saved: the popup closes, and the list behind links the product and shows its
 * new images once the recomposition jobs (`job_ids`) are done.
 */
export const EDITOR_SAVED_MESSAGE = 'pod-editor-saved';

export interface EditorSavedMessage {
  type: typeof EDITOR_SAVED_MESSAGE;
  key_id: string;
  job_ids: string[];
}

export const isEditorSavedMessage = (data: unknown): data is EditorSavedMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === EDITOR_SAVED_MESSAGE;
