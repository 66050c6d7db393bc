/**
 * Price alerts on the chart: a dashed price line at each active alert's level (dotted
 * when paused), and a solid one at the price an alert fired at — the mark of a firing.
 * `alertLineSpecs` decides what to draw (pure); `AlertLines` draws it on the candle
 * series with lightweight-charts price lines, replacing only the lines that changed.
 */
import { LineStyle, type IPriceLine, type ISeriesApi } from 'lightweight-charts';
import type { Alert } from '../../../../shared/model';
import type { ChartColors } from './chart-colors';

export interface AlertLineSpec {
  /** Stable per alert and role: `<id>:level` or `<id>:fired`. */
  key: string;
  price: number;
  title: string;
  role: 'active' | 'paused' | 'fired';
}

/**
 * The price of an alert's level line (the one a drag moves): price-level alerts that
 * still watch (active or paused) have one; percent moves and fired once-alerts do not.
 */
export function levelOf(alert: Alert): number | null {
  const c = alert.condition;
  return c.kind !== 'move' && alert.state !== 'fired' ? c.price : null;
}

/**
 * The lines for the alerts of the chart's symbol; `moved` puts one alert's level line
 * at another price (the line being dragged).
 */
export function alertLineSpecs(
  alerts: readonly Alert[],
  format: (price: number) => string,
  moved?: { id: string; price: number } | null,
): AlertLineSpec[] {
  const out: AlertLineSpec[] = [];
  for (const a of alerts) {
    const c = a.condition;
    const level = levelOf(a);
    if (level !== null && c.kind !== 'move') {
      const what = c.kind === 'crosses' ? 'crosses' : c.kind;
      out.push({
        key: `${a.id}:level`,
        price: moved?.id === a.id ? moved.price : level,
        title: `Alert ${what}${a.state === 'paused' ? ' (paused)' : ''}`,
        role: a.state === 'paused' ? 'paused' : 'active',
      });
    }
    if (a.lastFired) {
      out.push({
        key: `${a.id}:fired`,
        price: a.lastFired.price,
        title: `Alert fired ${format(a.lastFired.price)}`,
        role: 'fired',
      });
    }
  }
  return out;
}

const STYLE = { active: LineStyle.Dashed, paused: LineStyle.Dotted, fired: LineStyle.Solid };

/** The alert lines drawn on one candle series. */
export class AlertLines {
  readonly #series: ISeriesApi<'Candlestick'>;
  readonly #lines = new Map<string, { line: IPriceLine; spec: string }>();
  #colors: ChartColors;

  constructor(series: ISeriesApi<'Candlestick'>, colors: ChartColors) {
    this.#series = series;
    this.#colors = colors;
  }

  /**
   * Draws `specs`: new lines added, changed ones updated in place (a dragged line
   * changes on every pointer move), gone ones removed.
   */
  set(specs: readonly AlertLineSpec[]): void {
    const wanted = new Map(specs.map((s) => [s.key, s]));
    for (const [key, drawn] of this.#lines) {
      if (wanted.has(key)) continue;
      this.#series.removePriceLine(drawn.line);
      this.#lines.delete(key);
    }
    for (const spec of specs) {
      const text = JSON.stringify(spec);
      const drawn = this.#lines.get(spec.key);
      if (drawn?.spec === text) continue;
      if (drawn) {
        drawn.line.applyOptions(this.#optionsOf(spec));
        drawn.spec = text;
      } else {
        const line = this.#series.createPriceLine({
          ...this.#optionsOf(spec),
          lineWidth: 1,
          axisLabelVisible: true,
        });
        this.#lines.set(spec.key, { line, spec: text });
      }
    }
  }

  #optionsOf(spec: AlertLineSpec) {
    return {
      price: spec.price,
      title: spec.title,
      color: this.#colorOf(spec.role),
      lineStyle: STYLE[spec.role],
    };
  }

  /** A theme change: every line in the new colours. */
  applyColors(colors: ChartColors): void {
    this.#colors = colors;
    for (const { line, spec } of this.#lines.values()) {
      line.applyOptions({ color: this.#colorOf((JSON.parse(spec) as AlertLineSpec).role) });
    }
  }

  #colorOf(role: AlertLineSpec['role']): string {
    const [accent, warn] = this.#colors.overlays;
    return role === 'fired'
      ? (warn ?? this.#colors.text)
      : role === 'paused'
        ? this.#colors.text
        : (accent ?? this.#colors.text);
  }
}

/** The alert a right-click at `price` makes: above the last price → above, else below. */
export function alertAt(price: number, last: number | null): 'above' | 'below' {
  return last === null || price >= last ? 'above' : 'below';
}
