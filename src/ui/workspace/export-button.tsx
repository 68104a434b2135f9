import type { WorkspaceProps } from './workspace-props';

/** Placeholder: filled in by the TOURS work of issue 3. */
export function ExportButton(_props: WorkspaceProps) {
  return null;
}
