import { Button } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { exportMachine } from '../../machines/export/export.machine';
import { selectUser } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { useNotifications } from '../app/notifications';
import type { WorkspaceProps } from './workspace-props';
import { useInspect } from '../app/inspect';
import { startDownload } from '../export/download';

const downloadingExport = exportMachine.provide({
  actions: { startDownload: (_, params) => startDownload(params.url) },
});

/** "Export CSV" of the current view with its filters. */
export function ExportButton({ kind, teamId, timezone, filters, view }: WorkspaceProps) {
  const user = SessionContext.useSelector(selectUser);
  const inspect = useInspect();
  const exporter = useActorRef(downloadingExport, {
    inspect,
    input: { kind, teamId, timezone, userName: user?.name || user?.email || 'unknown' },
  });
  useNotifications(exporter);
  const busy = useSelector(exporter, (s) => s.hasTag('busy'));
  const canStart = useSelector(exporter, (s) => s.can({ type: 'export.start', filters, view }));

  return (
    <Button
      size="sm"
      variant="outline"
      loading={busy}
      disabled={!canStart}
      onClick={() => exporter.send({ type: 'export.start', filters, view })}
    >
      Export CSV
    </Button>
  );
}
