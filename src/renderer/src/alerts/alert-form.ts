/**
 * The alert editor's fields as text, and the condition they make — checked here with
 * words for people before anything is sent (the main side checks again).
 */
import type { AlertCondition, AlertConditionKind, AlertRepeat } from '../../../shared/model';
import {
  ALERT_PRICE_MAX_TEXT,
  isAlertPrice,
  isMovePercent,
  isMoveWindow,
} from '../../../shared/model';

export interface AlertForm {
  kind: AlertConditionKind;
  /** above / below / crosses. */
  price: string;
  /** move. */
  percent: string;
  /** move: minutes. */
  minutes: string;
  repeat: AlertRepeat;
}

/** The kinds as the editor offers them. */
export const CONDITION_LABELS: Record<AlertConditionKind, string> = {
  above: 'Price at or above',
  below: 'Price at or below',
  crosses: 'Price crosses',
  move: 'Price moves by (%)',
};

export function toAlertForm(condition: AlertCondition, repeat: AlertRepeat): AlertForm {
  return {
    kind: condition.kind,
    price: condition.kind === 'move' ? '' : String(condition.price),
    percent: condition.kind === 'move' ? String(condition.percent) : '2',
    minutes: condition.kind === 'move' ? String(condition.windowMs / 60_000) : '5',
    repeat,
  };
}

const NUMBER = /^\s*(\d+(\.\d+)?|\.\d+)\s*$/;

/** The condition the form makes, or what is wrong with it. */
export function conditionOf(form: AlertForm): { condition: AlertCondition } | { error: string } {
  if (form.kind === 'move') {
    const percent = NUMBER.test(form.percent) ? Number(form.percent) : NaN;
    if (!isMovePercent(percent))
      return { error: 'The move must be a percentage above 0, at most 100.' };
    const minutes = NUMBER.test(form.minutes) ? Number(form.minutes) : NaN;
    const windowMs = Math.round(minutes * 60_000);
    if (!isMoveWindow(windowMs)) {
      return { error: 'The window must be from 1 second (0.02) to 1,440 minutes (a day).' };
    }
    return { condition: { kind: 'move', percent, windowMs } };
  }
  const price = NUMBER.test(form.price.replace(/,/g, ''))
    ? Number(form.price.replace(/,/g, ''))
    : NaN;
  if (!isAlertPrice(price))
    return { error: `The price must be a number above 0, at most ${ALERT_PRICE_MAX_TEXT}.` };
  return { condition: { kind: form.kind, price } };
}
