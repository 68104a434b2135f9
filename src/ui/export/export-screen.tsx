import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { dayIn } from '../../domain/list-filters';
import { OTAS, STATUSES, statusLabel, type Ota, type Status } from '../../domain/statuses';
import { exportMachine } from '../../machines/export/export.machine';
import { exportScreenMachine, type ExportScreenContext } from '../../machines/export-screen/export-screen.machine';
import {
  selectBusy,
  selectDateRange,
  selectCanExport,
  selectKind,
  selectOta,
  selectStartDate,
  selectStatus,
  type ExportScreenActorRef,
} from '../../machines/export-screen/selectors';
import { useInspect } from '../app/inspect';
import { ActorTreeNotifications } from '../app/notifications';
import { DateRangePicker } from '../filters/date-range-picker';
import { FilterSelect } from '../filters/filter-select';
import { startDownload } from './download';
import { ExportNote } from './export-note';
import { ExportResult } from './export-result';

const downloadingScreen = exportScreenMachine.provide({
  actors: { exporter: exportMachine.provide({ actions: { startDownload: (_, params) => startDownload(params.url) } }) },
});

const KINDS: { kind: ExportScreenContext['kind']; label: string }[] = [
  { kind: 'orders', label: 'Orders' },
  { kind: 'tours', label: 'Tours' },
];
const otaLabel = (ota: Ota) => ota;

interface ExportScreenProps {
  teamId: string;
  timezone: string;
  userName: string;
}

/** The `/export` screen of one team: what to export, an optional note, the Export button, the result. */
export function ExportScreen({ teamId, timezone, userName }: ExportScreenProps) {
  const inspect = useInspect();
  // one clock reading per mount: the default month stays put while the screen is open
  const [today] = useState(() => dayIn(timezone, Date.now()));
  const screen = useActorRef(downloadingScreen, { inspect, input: { teamId, timezone, userName, today } });
  return <ExportForm screen={screen} />;
}

/** The form over a running screen machine: it renders and sends events, nothing else. */
export function ExportForm({ screen }: { screen: ExportScreenActorRef }) {
  const busy = useSelector(screen, selectBusy);
  const canExport = useSelector(screen, selectCanExport);

  return (
    <Stack gap="4" maxW="40rem">
      <ActorTreeNotifications actor={screen} />
      {/* a disabled fieldset holds the whole form still while its export runs */}
      <chakra.fieldset disabled={busy} aria-busy={busy} border="0" p="0" m="0" minW="0">
        <Stack gap="4">
          <KindChoice screen={screen} />
          <ExportFilters screen={screen} />
          <ExportNote screen={screen} />
        </Stack>
      </chakra.fieldset>
      <HStack>
        <Button loading={busy} loadingText="Exporting…" disabled={!canExport} onClick={() => screen.send({ type: 'export.submit' })}>
          Export CSV
        </Button>
      </HStack>
      <ExportResult screen={screen} />
    </Stack>
  );
}

function KindChoice({ screen }: { screen: ExportScreenActorRef }) {
  const kind = useSelector(screen, selectKind);
  return (
    <Stack gap="1" role="radiogroup" aria-label="What to export">
      <Text fontWeight="medium">Export</Text>
      <HStack gap="4">
        {KINDS.map((k) => (
          <chakra.label key={k.kind} display="flex" gap="2" alignItems="center">
            <input
              type="radio"
              name="export-kind"
              value={k.kind}
              checked={kind === k.kind}
              onChange={() => screen.send({ type: 'export.kind', kind: k.kind })}
            />
            {k.label}
          </chakra.label>
        ))}
      </HStack>
    </Stack>
  );
}

function ExportFilters({ screen }: { screen: ExportScreenActorRef }) {
  const kind = useSelector(screen, selectKind);
  const start = useSelector(screen, selectStartDate);
  const ota = useSelector(screen, selectOta);
  const status = useSelector(screen, selectStatus);
  const picker = useSelector(screen, selectDateRange);
  return (
    <Stack gap="1">
      <Text fontWeight="medium">Filters</Text>
      <HStack gap="2" wrap="wrap" role="group" aria-label="Filters">
        {picker && <DateRangePicker picker={picker} />}
        {kind === 'orders' && (
          <FilterSelect<Ota>
            label="OTA"
            anyLabel="All OTAs"
            value={ota}
            options={OTAS}
            optionLabel={otaLabel}
            onChange={(next) => screen.send({ type: 'export.ota', ota: next })}
          />
        )}
        <FilterSelect<Status>
          label="Status"
          anyLabel="All statuses"
          value={status}
          options={STATUSES}
          optionLabel={statusLabel}
          onChange={(next) => screen.send({ type: 'export.status', status: next })}
        />
      </HStack>
      {start === null && (
        <Text fontSize="sm" color="fg.muted">
          No dates chosen: every {kind === 'orders' ? 'order' : 'tour'} of the team is exported.
        </Text>
      )}
    </Stack>
  );
}
