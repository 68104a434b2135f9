import type { WorkspaceProps } from './workspace-props';

/** Placeholder: filled in by the TOURS work of issue 3. */
export function CreateMenu(_props: WorkspaceProps) {
  return null;
}
