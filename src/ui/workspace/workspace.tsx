import { Flex, HStack, Text } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { selectOrderSelection, selectTourSelection } from '../../machines/app/selectors';
import { listMachines } from '../../machines/list/list.machine';
import type { ListKind } from '../../machines/list/types';
import { selectTeam } from '../../machines/session/selectors';
import { AppContext, SessionContext } from '../app/actors';
import { useNotifications } from '../app/notifications';
import { FilterBar } from '../filters/filter-bar';
import { useListFilters } from '../filters/use-list-filters';
import { useNavCounts } from '../layouts/nav-counts-context';
import { VirtualList } from '../lists/virtual-list';
import { SidePanel } from '../panel/side-panel';
import { PageHeading } from '../pages/page-heading';
import { CreateMenu } from './create-menu';
import { ExportButton } from './export-button';
import { StatusMenu } from './status-menu';
import type { WorkspaceProps } from './workspace-props';
import { useInspect } from '../app/inspect';

type WorkspaceSetup = Omit<WorkspaceProps, 'list'>;

/** The screen operators live in: filters, toolbar, the list and the side panel of one view. */
function Workspace(setup: WorkspaceSetup) {
  const { kind, view, teamId, timezone, filters, selection } = setup;
  const inspect = useInspect();
  const list = useActorRef(listMachines[kind], { inspect, input: { kind, view, teamId, timezone, filters } });
  useNotifications(list);

  // the list started with the first filters; later changes restart it from page 1
  const filtersKey = JSON.stringify(filters);
  const sentKey = useRef(filtersKey);
  useEffect(() => {
    if (sentKey.current === filtersKey) return;
    sentKey.current = filtersKey;
    list.send({ type: 'list.filters', filters });
  }, [list, filters, filtersKey]);

  const props: WorkspaceProps = { ...setup, list };
  return (
    <Flex direction="column" flex="1" minH="0" gap="3">
      <FilterBar {...props} />
      <HStack gap="2" data-testid="list-toolbar">
        <StatusMenu {...props} />
        <CreateMenu {...props} />
        <ExportButton {...props} />
      </HStack>
      <Flex flex="1" minH="0" gap="3">
        <VirtualList kind={kind} list={list} selection={selection} timezone={timezone} />
        <SidePanel {...props} />
      </Flex>
    </Flex>
  );
}

/** The view of the path: `/orders/pending` -> `pending`; null for all orders or tours. */
function useView(views: readonly string[]): string | null {
  const segment = useLocation().pathname.split('/')[2] ?? '';
  return views.includes(segment) ? segment : null;
}

/** An orders or tours page: its heading and the workspace of the view in the path. */
export function WorkspacePage({ kind, views }: { kind: ListKind; views: readonly string[] }) {
  const view = useView(views);
  const team = SessionContext.useSelector(selectTeam);
  const selection = AppContext.useSelector(kind === 'orders' ? selectOrderSelection : selectTourSelection);
  const timezone = team?.timezone || 'UTC';
  const [filters] = useListFilters(kind, timezone);
  const counts = useNavCounts();

  return (
    <Flex direction="column" height="calc(100vh - 3rem)">
      <PageHeading />
      {team && selection ? (
        <Workspace
          // a new view or team is a new list
          key={`${kind}/${view ?? ''}/${team.id}`}
          kind={kind}
          view={view}
          teamId={team.id}
          timezone={timezone}
          filters={filters}
          selection={selection}
          counts={counts}
        />
      ) : (
        <Text color="fg.muted">Choose a team to see its {kind}.</Text>
      )}
    </Flex>
  );
}
