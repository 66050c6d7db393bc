/**
 * The drawings of one chart pane: the instrument's saved drawings (from the main side,
 * kept current by the `drawings` event every window hears), the tool in hand, the
 * drawing being placed or dragged (shown, not yet saved), and the selection. Every
 * change is saved through the bridge at once and shown before the answer comes back;
 * the answer (or the event) then says what is saved. A refused save says why and
 * shows what is saved.
 */
import type { MarketdeskBridge } from '../../../../../shared/bridge';
import type { Disposable } from '../../../../../shared/emitter';
import { errorMessage } from '../../../../../shared/errors';
import {
  ANCHORS_PER_KIND,
  canonicalInstrument,
  instrumentKey,
  type Anchor,
  type Drawing,
  type DrawingKind,
  type DrawingSet,
  type Instrument,
} from '../../../../../shared/model';
import { DRAWING_COLORS } from './drawing-names';

/** What a new note says until it is edited. */
export const NEW_NOTE_TEXT = 'Note';

/** `drawings` with `preview` in place of the saved drawing of its id (or on top). */
export function withPreview(drawings: readonly Drawing[], preview: Drawing | null): Drawing[] {
  if (!preview) return [...drawings];
  const at = drawings.findIndex((d) => d.id === preview.id);
  if (at < 0) return [...drawings, preview];
  return drawings.map((d, i) => (i === at ? preview : d));
}

export class DrawingState {
  /** The instrument's saved drawings. */
  saved = $state.raw<Drawing[]>([]);
  /** A drawing being placed (not saved yet) or dragged (its new place). */
  preview = $state.raw<Drawing | null>(null);
  tool = $state<DrawingKind | null>(null);
  selectedId = $state<string | null>(null);
  /** Why the last change was not saved. */
  error = $state<string | null>(null);
  /** The colour new drawings take: the last one picked. */
  color = $state<string>(DRAWING_COLORS[0].value);

  readonly visible = $derived(withPreview(this.saved, this.preview));
  readonly selected = $derived(this.visible.find((d) => d.id === this.selectedId) ?? null);
  /** A two-point drawing has its first point and waits for its second. */
  readonly placing = $derived(
    this.preview !== null && !this.saved.some((d) => d.id === this.preview!.id),
  );

  #bridge: MarketdeskBridge;
  #instrument: Instrument | null = null;
  #revision = 0;
  #off: Disposable;
  #newId: () => string;

  constructor(bridge: MarketdeskBridge, newId: () => string = () => crypto.randomUUID()) {
    this.#bridge = bridge;
    this.#newId = newId;
    this.#off = bridge.on('drawings', (set) => this.#apply(set));
  }

  /** Shows an instrument's drawings (null: none). */
  async show(instrument: Instrument | null): Promise<void> {
    const canonical = instrument ? canonicalInstrument(instrument) : null;
    if (canonical && instrumentKey(canonical) === this.#key) return;
    this.#instrument = canonical;
    this.#revision = 0;
    this.saved = [];
    this.preview = null;
    this.selectedId = null;
    this.error = null;
    if (!instrument) return;
    await this.#reload();
  }

  /** Takes a tool (or puts it down with null, or when it is the one in hand). */
  pick(kind: DrawingKind | null): void {
    this.#dropPlacing();
    this.tool = kind === this.tool ? null : kind;
    if (this.tool) this.selectedId = null;
  }

  /** A click on the chart with a tool in hand: a first point, or the last one. */
  place(at: Anchor): void {
    const kind = this.tool;
    if (!kind || !this.#instrument) return;
    if (this.placing && this.preview) {
      this.#finish({ ...this.preview, anchors: [this.preview.anchors[0]!, at] });
      return;
    }
    const drawing: Drawing = {
      id: this.#newId(),
      kind,
      anchors: ANCHORS_PER_KIND[kind] === 1 ? [at] : [at, at],
      color: this.color,
      text: kind === 'text' ? NEW_NOTE_TEXT : '',
    };
    if (ANCHORS_PER_KIND[kind] === 1) this.#finish(drawing);
    else this.preview = drawing;
  }

  /** The pointer moved while a two-point drawing waits for its second point. */
  track(at: Anchor): void {
    if (this.placing && this.preview) {
      this.preview = { ...this.preview, anchors: [this.preview.anchors[0]!, at] };
    }
  }

  /** Escape: drops the drawing being placed, else the tool, else the selection. */
  cancel(): boolean {
    if (this.placing || this.tool) {
      this.#dropPlacing();
      this.tool = null;
      return true;
    }
    if (this.selectedId) {
      this.selectedId = null;
      return true;
    }
    return false;
  }

  select(id: string | null): void {
    this.selectedId = id;
  }

  /** Shows a drawing at a new place while it is dragged (saved by `save`). */
  move(drawing: Drawing): void {
    this.preview = drawing;
  }

  /** Drops a drag's preview without saving. */
  endMove(): void {
    if (!this.placing) this.preview = null;
  }

  recolor(color: string): void {
    this.color = color;
    if (this.selected) void this.save({ ...this.selected, color });
  }

  retext(text: string): void {
    if (this.selected?.kind === 'text') void this.save({ ...this.selected, text });
  }

  /** Saves a drawing: shown at once, then what the main side answers. */
  async save(drawing: Drawing): Promise<void> {
    const instrument = this.#instrument;
    if (!instrument) return;
    this.preview = null;
    this.saved = withPreview(this.saved, drawing);
    await this.#change(() =>
      this.#bridge.invoke('saveDrawing', { instrument, drawing: $state.snapshot(drawing) }),
    );
  }

  /** Deletes a drawing (default: the selected one). */
  async remove(id: string | null = this.selectedId): Promise<void> {
    const instrument = this.#instrument;
    if (!instrument || !id) return;
    if (id === this.selectedId) this.selectedId = null;
    this.saved = this.saved.filter((d) => d.id !== id);
    await this.#change(() => this.#bridge.invoke('deleteDrawing', { instrument, id }));
  }

  dispose(): void {
    this.#off.dispose();
  }

  get #key(): string {
    return this.#instrument ? instrumentKey(this.#instrument) : '';
  }

  #finish(drawing: Drawing): void {
    this.tool = null;
    this.selectedId = drawing.id;
    void this.save(drawing);
  }

  #dropPlacing(): void {
    if (this.placing) this.preview = null;
  }

  async #change(request: () => Promise<DrawingSet>): Promise<void> {
    try {
      this.#apply(await request());
      this.error = null;
    } catch (error) {
      this.error = `The drawing was not saved: ${errorMessage(error)}`;
      await this.#reload();
    }
  }

  async #reload(): Promise<void> {
    const instrument = this.#instrument;
    if (!instrument) return;
    try {
      this.#apply(await this.#bridge.invoke('loadDrawings', { instrument }));
    } catch (error) {
      this.error = `Drawings could not be loaded: ${errorMessage(error)}`;
    }
  }

  #apply(set: DrawingSet): void {
    // Another symbol's, or older than what is shown (a late answer): not ours to show.
    if (instrumentKey(set.instrument) !== this.#key || set.revision < this.#revision) return;
    this.#revision = set.revision;
    this.saved = set.drawings;
    if (this.selectedId && !set.drawings.some((d) => d.id === this.selectedId)) {
      this.selectedId = null;
    }
  }
}
