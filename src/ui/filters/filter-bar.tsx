import type { WorkspaceProps } from '../workspace/workspace-props';

/** Placeholder: filled in by the FILTERS work of issue 3. */
export function FilterBar(_props: WorkspaceProps) {
  return null;
}
