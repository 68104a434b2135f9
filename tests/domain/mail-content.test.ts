import { describe, expect, it } from 'vitest';
import { insertVariable, sameDraft, variableTag } from '../../src/domain/mail-content';

describe('inserting a variable into a draft', () => {
  const draft = { subject: 'Booking confirmed', body: 'Hello ,\nsee you' };

  it('writes {{ name }} at the caret of the field and puts the caret after it', () => {
    expect(insertVariable(draft, { field: 'body', start: 6, end: 6 }, 'customerName')).toEqual({
      draft: { subject: draft.subject, body: 'Hello {{ customerName }},\nsee you' },
      caret: { field: 'body', start: 24, end: 24 },
    });
  });

  it('replaces the selection', () => {
    expect(insertVariable(draft, { field: 'subject', start: 0, end: 7 }, 'displayId').draft.subject).toBe(
      '{{ displayId }} confirmed',
    );
  });

  it('appends to the body when no caret is known, and stays inside the text when the caret is past it', () => {
    expect(insertVariable(draft, null, 'teamName').draft.body).toBe('Hello ,\nsee you{{ teamName }}');
    expect(insertVariable(draft, { field: 'subject', start: 90, end: 99 }, 'ota').draft.subject).toBe(
      'Booking confirmed{{ ota }}',
    );
  });

  it('compares drafts by subject and body', () => {
    expect(variableTag('pack')).toBe('{{ pack }}');
    expect(sameDraft(draft, { ...draft })).toBe(true);
    expect(sameDraft(draft, { ...draft, body: 'x' })).toBe(false);
    expect(sameDraft(draft, undefined)).toBe(false);
  });
});
