/**
 * A DOM listener added with its removal in hand: `listen(…)` answers the function that
 * removes it, for a DisposableStore (shared/emitter) or a drag that stops following.
 */

/** The events of a window or of an element, by type. */
type EventsOf<T> = T extends Window ? WindowEventMap : HTMLElementEventMap;

export function listen<T extends Window | HTMLElement, K extends keyof EventsOf<T> & string>(
  target: T,
  type: K,
  fn: (e: EventsOf<T>[K]) => void,
  capture = false,
): () => void {
  const listener = fn as EventListener;
  // As an options object: Node's EventTarget (the renderer's tests) reads no boolean.
  target.addEventListener(type, listener, { capture });
  return () => target.removeEventListener(type, listener, { capture });
}
