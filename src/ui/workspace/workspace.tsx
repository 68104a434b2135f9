import { Flex, HStack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Role } from '../../domain/statuses';
import type { ListKind } from '../../machines/list/types';
import { selectLive, selectNavCounts, selectTeam, selectUser } from '../../machines/session/selectors';
import {
  selectBulkStatus,
  selectDetail,
  selectEmailSend,
  selectExporter,
  selectOrderEmails,
  selectFilters,
  selectList,
  selectSelection,
  selectTourActions,
  type WorkspaceActorRef,
} from '../../machines/workspace/selectors';
import { workspaceMachines } from '../../machines/workspace/workspace.machine';
import { exportMachine } from '../../machines/export/export.machine';
import { SessionContext } from '../app/actors';
import { useInspect } from '../app/inspect';
import { ActorTreeNotifications } from '../app/notifications';
import { EmailDialogs } from '../email/email-dialogs';
import { EmailMenu } from '../email/email-menu';
import { startDownload } from '../export/download';
import { FilterBar, FilterStatus } from '../filters/filter-bar';
import { TOP_BAR_HEIGHT } from '../layouts/nav-drawer';
import { layoutOf } from '../lists/columns';
import { ListCount } from '../lists/list-count';
import { VirtualList } from '../lists/virtual-list';
import { SidePanel } from '../panel/side-panel';
import { PageHeading } from '../pages/page-heading';
import { CreateMenu } from './create-menu';
import { ExportButton } from './export-button';
import { StatusMenu } from './status-menu';

const downloadingExport = exportMachine.provide({
  actions: { startDownload: (_, params) => startDownload(params.url) },
});

/** The screen operators live in: filters, toolbar, the list and the side panel, all children of one root. */
function Workspace({ root }: { root: WorkspaceActorRef }) {
  const filters = useSelector(root, selectFilters);
  const list = useSelector(root, selectList);
  const selection = useSelector(root, selectSelection);
  const bulk = useSelector(root, selectBulkStatus);
  const tourActions = useSelector(root, selectTourActions);
  const detail = useSelector(root, selectDetail);
  const exporter = useSelector(root, selectExporter);
  const email = useSelector(root, selectEmailSend);
  const emails = useSelector(root, selectOrderEmails);
  const kind = useSelector(root, (s) => s.context.kind);
  const view = useSelector(root, (s) => s.context.view);
  const timezone = useSelector(root, (s) => s.context.timezone);
  // "Orders with issues" names each row's issue, judged at the screen's clock (as its list was asked for)
  const issuesAt = useSelector(root, (s) => (s.context.view === 'issues' ? s.context.now : null));
  if (!filters || !list || !selection || !bulk || !tourActions || !detail || !exporter) return null;
  return (
    <Flex direction="column" flex="1" minH="0" gap="3">
      <ActorTreeNotifications actor={root} />
      <FilterBar kind={kind} filters={filters} />
      <HStack gap="2" wrap="wrap" data-testid="list-toolbar">
        <ListCount kind={kind} list={list} />
        <FilterStatus filters={filters} />
        <StatusMenu bulk={bulk} selection={selection} />
        <CreateMenu kind={kind} actions={tourActions} timezone={timezone} />
        {kind === 'orders' && email && <EmailMenu email={email} target="selection" />}
        <ExportButton exporter={exporter} filters={filters} view={view} />
      </HStack>
      <Flex flex="1" minH="0" gap="3">
        <VirtualList
          kind={kind}
          layout={layoutOf(kind, view)}
          list={list}
          selection={selection}
          timezone={timezone}
          issuesAt={issuesAt}
        />
        <SidePanel
          kind={kind}
          detail={detail}
          selection={selection}
          email={email}
          emails={emails}
          timezone={timezone}
        />
      </Flex>
      {email && <EmailDialogs email={email} />}
    </Flex>
  );
}

interface ScreenProps {
  kind: ListKind;
  view: string | null;
  team: { id: string; code: string; timezone: string; role: Role };
}

/** Starts the screen's root actor (its only actor) and tells it where the URL is. */
function WorkspaceScreen({ kind, view, team }: ScreenProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const user = SessionContext.useSelector(selectUser);
  const navCounts = SessionContext.useSelector(selectNavCounts) ?? null;
  const live = SessionContext.useSelector(selectLive) ?? null;
  const inspect = useInspect();
  const [logic] = useState(() =>
    workspaceMachines[kind].provide({
      actions: {
        navigate: (_, params) =>
          void navigate(
            params.pathname ? { pathname: params.pathname, search: params.search } : { search: params.search },
            { replace: params.replace },
          ),
      },
      actors: { exporter: downloadingExport },
    }),
  );
  const root = useActorRef(logic, {
    inspect,
    input: {
      kind,
      view,
      teamId: team.id,
      countryCode: team.code,
      timezone: team.timezone || 'UTC',
      userId: user?.id ?? null,
      userName: user?.name || user?.email || 'unknown',
      search: location.search,
      now: Date.now(),
      navCounts,
      live,
      role: team.role,
    },
  });
  useEffect(() => root.send({ type: 'url.changed', search: location.search }), [root, location.search]);
  return <Workspace root={root} />;
}

/** The view of the path: `/orders/pending` -> `pending`; null for all orders or tours. */
function useView(views: readonly string[]): string | null {
  const segment = useLocation().pathname.split('/')[2] ?? '';
  return views.includes(segment) ? segment : null;
}

const SCREEN_HEIGHT = {
  base: `calc(100dvh - ${TOP_BAR_HEIGHT}px - 1.5rem)`,
  md: `calc(100dvh - ${TOP_BAR_HEIGHT}px - 3rem)`,
  xl: 'calc(100vh - 3rem)',
};

/** An orders or tours page: its heading and the workspace of the view in the path. */
export function WorkspacePage({ kind, views }: { kind: ListKind; views: readonly string[] }) {
  const view = useView(views);
  const team = SessionContext.useSelector(selectTeam);
  return (
    // the screen's height less the main area's padding (and below 1280 px the top bar)
    <Flex direction="column" height={SCREEN_HEIGHT}>
      <PageHeading />
      {team ? (
        // a new view, team or role is a new screen
        <WorkspaceScreen key={`${kind}/${view ?? ''}/${team.id}/${team.role}`} kind={kind} view={view} team={team} />
      ) : (
        <Text color="fg.muted">Choose a team to see its {kind}.</Text>
      )}
    </Flex>
  );
}
