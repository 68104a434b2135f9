import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ExportActorRef } from '../../machines/export/selectors';
import { selectFilterValues, type ListFiltersActorRef } from '../../machines/list-filters/selectors';

interface ExportButtonProps {
  exporter: ExportActorRef;
  filters: ListFiltersActorRef;
  view: string | null;
}

/** "Export CSV" of the current view with its filters. */
export function ExportButton({ exporter, filters: filtersRef, view }: ExportButtonProps) {
  const filters = useSelector(filtersRef, selectFilterValues);
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
