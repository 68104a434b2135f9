import type { WorkspaceProps } from '../workspace/workspace-props';

/** Placeholder: filled in by the PANEL work of issue 3. */
export function SidePanel(_props: WorkspaceProps) {
  return null;
}
