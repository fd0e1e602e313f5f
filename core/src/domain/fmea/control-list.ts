/**
 * The risk grid edits a cause's prevention or detection controls as one
 * list ("; " between controls). Setting that list keeps the controls that
 * are still there, in place: the n-th wanted text rewords the n-th
 * control, texts past the end are added, controls past the end of the
 * wanted list are removed. A control whose text did not change keeps its
 * id, version and any knowledge-base citation.
 */

/** The controls a list's text names: split at ";", trimmed, empty pieces dropped. */
export function parseControlList(text: string): string[] {
  return text
    .split(';')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
}

export interface ControlListPlan<Id> {
  readonly reword: readonly { readonly id: Id; readonly description: string }[];
  readonly add: readonly string[];
  readonly remove: readonly Id[];
}

/** What turns the current controls (in their order) into the wanted texts. */
export function planControlList<Id>(current: readonly { readonly id: Id; readonly description: string }[], wanted: readonly string[]): ControlListPlan<Id> {
  const texts = wanted.map((text) => text.trim());
  return {
    reword: current.flatMap((control, i) => (i < texts.length && texts[i] !== control.description ? [{ id: control.id, description: texts[i]! }] : [])),
    add: texts.slice(current.length),
    remove: current.slice(texts.length).map((control) => control.id),
  };
}
