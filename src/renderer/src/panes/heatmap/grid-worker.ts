/**
 * The worker that draws the heatmap's cells on an `OffscreenCanvas` (grid-offscreen.ts):
 * a `GridWorkerSide` fed by the main thread's messages, drawing in the worker's own
 * animation frames.
 */
import { GridWorkerSide, type GridMessage, type GridReply } from './grid-offscreen';
import { WebglGridPainter } from './grid-webgl';

/** The worker's global scope, as far as this file uses it. */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<GridMessage>) => void) | null;
  postMessage(reply: GridReply): void;
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): number;
};

const side = new GridWorkerSide(
  // A frame is committed (to the screen and the page's canvas) when the task that drew it
  // ends: 'drawn' is said after that, so the page's crosshair never reads a frame early.
  (reply) =>
    reply.type === 'drawn'
      ? scope.setTimeout(() => scope.postMessage(reply), 0)
      : scope.postMessage(reply),
  (draw) => scope.requestAnimationFrame(draw),
  (canvas) => {
    const painter = WebglGridPainter.create(canvas);
    const gl = canvas.getContext('webgl2') as WebGL2RenderingContext | null;
    if (!painter || !gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const pixel = new Uint8Array(4);
    return {
      painter,
      renderer: String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)),
      readPixel: () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel),
    };
  },
);
scope.onmessage = (e) => side.receive(e.data);
