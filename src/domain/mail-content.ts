/** The editor of a product's mail content: drafts and where a variable goes. */

export type TemplateField = 'subject' | 'body';

/** A template as typed: Liquid subject and body. */
export interface Draft {
  subject: string;
  body: string;
}

/** Where the caret (or the selection) is in one field. */
export interface Caret {
  field: TemplateField;
  start: number;
  end: number;
}

/** How a variable is written in a template. */
export const variableTag = (name: string) => `{{ ${name} }}`;

/**
 * The draft with `{{ name }}` in place of the selection at the caret (the body's end when no caret
 * is known, or when the caret is past the text), and the caret just after what was inserted.
 */
export function insertVariable(draft: Draft, caret: Caret | null, name: string): { draft: Draft; caret: Caret } {
  const field = caret?.field ?? 'body';
  const text = draft[field];
  const end = Math.min(caret?.end ?? text.length, text.length);
  const start = Math.min(caret?.start ?? end, end);
  const tag = variableTag(name);
  const at = start + tag.length;
  return {
    draft: { ...draft, [field]: text.slice(0, start) + tag + text.slice(end) },
    caret: { field, start: at, end: at },
  };
}

export const sameDraft = (a: Draft | undefined, b: Draft | undefined) =>
  a?.subject === b?.subject && a?.body === b?.body;
