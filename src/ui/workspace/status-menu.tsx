import type { WorkspaceProps } from './workspace-props';

/** Placeholder: filled in by the SELECTION work of issue 3. */
export function StatusMenu(_props: WorkspaceProps) {
  return null;
}
