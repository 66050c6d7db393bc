/**
 * The alert editor's code, loaded when an editor first opens (../base/lazy/lazy-module.ts):
 * the quote board is on the first screen, its alert editor seldom is.
 */
import { lazyModule } from '../base/lazy/lazy-module';

export const alertEditor = lazyModule(() => import('./AlertEditor.svelte'));
