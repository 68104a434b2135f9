import type { SettingsDraft } from '../../machines/settings-dialog/shared';

/** The settings drafts as the leave question names them. */
const DRAFT_NAMES: Record<Exclude<SettingsDraft, 'secret'>, string> = {
  team: 'the team name',
  invite: 'the invitation',
  key: 'the new API key’s name',
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const listed = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * "Leave without saving?": what leaving loses, in one sentence. A typed draft "has changes that
 * are not saved"; a new key's secret, shown once, is said apart, since it cannot be typed again.
 */
export function leaveText(drafts: readonly SettingsDraft[]): string {
  const typed = (Object.keys(DRAFT_NAMES) as (keyof typeof DRAFT_NAMES)[])
    .filter((draft) => drafts.includes(draft))
    .map((draft) => DRAFT_NAMES[draft]);
  const secret = drafts.includes('secret');
  const edits = typed.length ? `${listed(typed)} ${typed.length > 1 ? 'have' : 'has'} changes that are not saved` : '';
  if (!secret) return `${capital(edits || 'the changes are not saved')}. Stay to keep editing, or leave and lose them.`;
  if (!edits)
    return 'The API key just created has not been copied, and it cannot be shown again. Stay to copy it, or leave and lose it.';
  return `${capital(edits)}, and the API key just created (it cannot be shown again) has not been copied. Stay to keep them, or leave and lose them.`;
}
