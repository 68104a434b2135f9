import { Alert, Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CHANNEL_KEYS_TEXT, OCTO_CAPABILITIES, otaLabel, shownPrefix } from '../../domain/channel-keys';
import { formatDateTime } from '../../domain/format';
import type { channelKeysMachine } from '../../machines/channel-keys/channel-keys.machine';
import { selectIdle, selectView } from '../../machines/channel-keys/selectors';
import { useNotifications } from '../app/notifications';
import { NewKeyForm } from './connections-form';
import { RevokeKeyDialog, SecretDialog } from './connections-dialogs';
import { PageFailed, PageLoading } from './page-state';

export type ChannelKeysRef = ActorRefFrom<typeof channelKeysMachine>;

/**
 * The Connections page (ADMIN): what a reseller needs to call Tourdesk through OCTO (the base URL,
 * an API key, the capabilities served), the team's keys with their last use, a form for a new key
 * (its secret shown once, in a dialog) and Revoke with a confirmation.
 */
export function ConnectionsPage({ actor }: { actor: ChannelKeysRef | undefined }) {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h2" size="lg">
          Connections
        </Heading>
        <Text color="fg.muted">API keys that let the OTAs book straight into Tourdesk (OCTO)</Text>
      </Stack>
      {actor && <ConnectionsContent actor={actor} />}
    </Stack>
  );
}

function ConnectionsContent({ actor }: { actor: ChannelKeysRef }) {
  useNotifications(actor);
  const view = useSelector(actor, selectView);
  const error = useSelector(actor, (s) => s.context.error);
  if (view === 'loading') return <PageLoading testId="keys-loading" label="Loading API keys…" />;
  if (view === 'failed') {
    return <PageFailed testId="keys-failed" message={error ?? ''} onRetry={() => actor.send({ type: 'keys.retry' })} />;
  }
  return (
    <Stack gap="8">
      <ResellerInfo actor={actor} />
      {error && (
        <Alert.Root status="error" role="alert" data-testid="keys-error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <NewKeyForm actor={actor} />
      <KeyList actor={actor} />
      <SecretDialog actor={actor} />
      <RevokeKeyDialog actor={actor} />
    </Stack>
  );
}

const term = { fontSize: 'sm', fontWeight: 'semibold' } as const;
const code = { fontFamily: 'mono', fontSize: 'sm', bg: 'bg.muted', px: '1.5', py: '0.5', borderRadius: 'sm' } as const;

/** The base URL, the key's header and the capabilities: what to send a reseller besides the key. */
function ResellerInfo({ actor }: { actor: ChannelKeysRef }) {
  const baseUrl = useSelector(actor, (s) => s.context.baseUrl);
  return (
    <Stack gap="2" as="section" aria-labelledby="reseller-heading">
      <Heading as="h3" size="md" id="reseller-heading">
        What a reseller needs
      </Heading>
      <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="2" alignItems="baseline">
        <chakra.dt {...term}>Base URL</chakra.dt>
        <chakra.dd>
          <chakra.code {...code} data-testid="octo-base-url">
            {baseUrl}
          </chakra.code>
        </chakra.dd>
        <chakra.dt {...term}>API key</chakra.dt>
        <chakra.dd>
          A key of this page, sent as <chakra.code {...code}>Authorization: Bearer &lt;key&gt;</chakra.code>
        </chakra.dd>
        <chakra.dt {...term}>Capabilities</chakra.dt>
        <chakra.dd data-testid="octo-capabilities">
          {OCTO_CAPABILITIES.map((c) => (
            <chakra.code key={c} {...code} mr="2">
              {c}
            </chakra.code>
          ))}
          <Text as="span" color="fg.muted" fontSize="sm">
            (asked for in the Octo-Capabilities header)
          </Text>
        </chakra.dd>
      </chakra.dl>
    </Stack>
  );
}

const cell = { px: '2', py: '2', borderBottomWidth: '1px', borderColor: 'table.border', textAlign: 'left' } as const;

/** The team's keys, newest first: who made them and when, their last use, Revoked or Revoke. */
function KeyList({ actor }: { actor: ChannelKeysRef }) {
  const keys = useSelector(actor, (s) => s.context.keys);
  const timezone = useSelector(actor, (s) => s.context.timezone);
  const idle = useSelector(actor, selectIdle);
  return (
    <Stack gap="2" as="section" aria-labelledby="keys-heading">
      <Heading as="h3" size="md" id="keys-heading">
        API keys
      </Heading>
      {keys.length === 0 ? (
        <Text color="fg.muted">No API keys yet.</Text>
      ) : (
        <chakra.table width="full" fontSize="sm" aria-labelledby="keys-heading" data-testid="keys-table">
          <chakra.thead>
            <chakra.tr>
              {['Name', 'Channel', 'Key', 'Created', 'Last used', 'Status'].map((h) => (
                <chakra.th key={h} {...cell} fontWeight="semibold" scope="col">
                  {h}
                </chakra.th>
              ))}
            </chakra.tr>
          </chakra.thead>
          <chakra.tbody>
            {keys.map((key) => (
              <chakra.tr key={key.id} data-testid="key-row">
                <chakra.td {...cell} fontWeight="semibold" wordBreak="break-word">
                  {key.name}
                </chakra.td>
                <chakra.td {...cell}>{otaLabel(key.channel)}</chakra.td>
                <chakra.td {...cell}>
                  <chakra.code fontFamily="mono">{shownPrefix(key.prefix)}</chakra.code>
                </chakra.td>
                <chakra.td {...cell}>
                  {formatDateTime(key.createdAt, timezone)}
                  {key.createdBy && (
                    <Text color="fg.muted" fontSize="xs">
                      by {key.createdBy.name}
                    </Text>
                  )}
                </chakra.td>
                <chakra.td {...cell} data-testid="key-last-used">
                  {key.lastUsedAt ? formatDateTime(key.lastUsedAt, timezone) : CHANNEL_KEYS_TEXT.neverUsed}
                </chakra.td>
                <chakra.td {...cell}>
                  {key.revokedAt ? (
                    <Stack gap="0.5" align="flex-start">
                      <RevokedBadge />
                      <Text color="fg.muted" fontSize="xs">
                        {formatDateTime(key.revokedAt, timezone)}
                      </Text>
                    </Stack>
                  ) : (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Revoke ${key.name}`}
                      disabled={!idle}
                      onClick={() => actor.send({ type: 'keys.revoke', id: key.id })}
                    >
                      Revoke
                    </Button>
                  )}
                </chakra.td>
              </chakra.tr>
            ))}
          </chakra.tbody>
        </chakra.table>
      )}
    </Stack>
  );
}

// dark text on a light tint: reads at 4.5:1 or better
function RevokedBadge() {
  return (
    <chakra.span
      display="inline-block"
      px="2"
      py="0.5"
      borderRadius="full"
      fontSize="xs"
      fontWeight="semibold"
      bg="red.100"
      color="red.800"
      data-testid="key-revoked"
    >
      Revoked
    </chakra.span>
  );
}
