/**
 * One question at a time before a destructive action ("Reset layouts?"): `ask`
 * answers true when the user confirms, false on cancel, Escape or a newer question.
 * The dialog (ConfirmDialog.svelte) shows `question` and calls `answer`.
 */

export interface Question {
  title: string;
  message: string;
  /** The confirming button's words ("Reset layouts"): never a bare "OK". */
  confirm: string;
}

export class ConfirmState {
  question = $state.raw<Question | null>(null);
  #resolve: ((yes: boolean) => void) | null = null;

  ask(question: Question): Promise<boolean> {
    this.answer(false);
    this.question = question;
    return new Promise((resolve) => (this.#resolve = resolve));
  }

  answer(yes: boolean): void {
    const resolve = this.#resolve;
    this.#resolve = null;
    this.question = null;
    resolve?.(yes);
  }
}
