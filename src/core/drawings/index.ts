/** Chart drawings per instrument (src/core/drawings): validated, saved beside the settings. */
export { DrawingStore, DRAWINGS_FILE_NAME, DRAWINGS_FILE_VERSION } from './drawing-store';
export type { DrawingStoreOptions, DrawingLoadNotice } from './drawing-store';
export { drawingSchema, drawingIdSchema, anchorSchema } from './drawing-schema';
