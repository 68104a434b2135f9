import { Alert, Button, chakra, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import type { DepartureChoice, OrderGroup, ProductChoice } from '../../domain/create-tour-form';
import { formatDay } from '../../domain/format';
import {
  selectBusy,
  selectCanSubmit,
  selectOrderCount,
  selectProductId,
  selectSummary,
  selectWarning,
  type CreateTourRef,
} from '../../machines/create-tour/selectors';

const fieldStyle = { h: '8', px: '2', borderWidth: '1px', borderRadius: 'md', bg: 'bg', width: 'full' } as const;

const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;
const productLabel = (p: ProductChoice) => `${p.route} · ${p.pack}`;
const departureLabel = (d: { date: string; time: string }) => `${formatDay(d.date)} ${d.time}`;
const departureKey = (d: { date: string; time: string }) => `${d.date} ${d.time}`;

/**
 * The create-tour menu: the selected orders by product and departure (with a warning when they
 * differ), the tour's product and departure (the orders' most common by default), an optional name.
 */
export function CreateTourDialog({ actor }: { actor: CreateTourRef }) {
  const count = useSelector(actor, selectOrderCount);
  const summary = useSelector(actor, selectSummary);
  const warning = useSelector(actor, selectWarning);
  const name = useSelector(actor, (s) => s.context.displayName);
  const date = useSelector(actor, (s) => s.context.date);
  const time = useSelector(actor, (s) => s.context.time);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, selectBusy);
  const title = count === 0 ? 'New tour' : `Create tour from ${orders(count)}`;

  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open
      placement="center"
      onOpenChange={(details) => !details.open && actor.send({ type: 'create.cancel' })}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="create-tour-menu">
            <chakra.form
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'create.submit' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {summary.groups.length > 0 && <OrderGroups groups={summary.groups} />}
                  {warning && (
                    <Alert.Root status="warning" data-testid="create-tour-warning">
                      <Alert.Content>
                        <Alert.Title>{warning}</Alert.Title>
                        <Alert.Description>Check the tour&apos;s product and departure below.</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  {summary.products.length > 1 && <ProductPicker actor={actor} products={summary.products} />}
                  {summary.departures.length > 1 && (
                    <DeparturePicker actor={actor} departures={summary.departures} chosen={{ date, time }} />
                  )}
                  <chakra.label display="grid" gap="1">
                    <Text fontWeight="bold">Display name</Text>
                    <chakra.input
                      {...fieldStyle}
                      value={name}
                      maxLength={200}
                      placeholder="Product and day when left empty"
                      onChange={(e) => actor.send({ type: 'create.name', value: e.target.value })}
                    />
                  </chakra.label>
                  <chakra.label display="grid" gap="1">
                    <Text fontWeight="bold">Departure date</Text>
                    <chakra.input
                      {...fieldStyle}
                      type="date"
                      value={date}
                      onChange={(e) => actor.send({ type: 'create.date', value: e.target.value })}
                    />
                  </chakra.label>
                  <chakra.label display="grid" gap="1">
                    <Text fontWeight="bold">Departure time (24-hour)</Text>
                    <chakra.input
                      {...fieldStyle}
                      value={time}
                      inputMode="numeric"
                      placeholder="HH:mm"
                      aria-invalid={!canSubmit && !busy ? true : undefined}
                      onChange={(e) => actor.send({ type: 'create.time', value: e.target.value })}
                    />
                  </chakra.label>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'create.cancel' })}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!canSubmit} loading={busy}>
                  Create tour
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The selected orders, by product and departure. */
function OrderGroups({ groups }: { groups: OrderGroup[] }) {
  return (
    <Stack gap="1">
      <Text fontWeight="bold" id="create-tour-orders">
        Selected orders
      </Text>
      <chakra.ul aria-labelledby="create-tour-orders" listStyleType="none" m="0" p="0" data-testid="create-tour-groups">
        {groups.map((g) => (
          <chakra.li key={`${g.product.id} ${departureKey(g)}`} fontSize="sm">
            {productLabel(g.product)} · {departureLabel(g)} · {orders(g.count)}
          </chakra.li>
        ))}
      </chakra.ul>
    </Stack>
  );
}

function ProductPicker({ actor, products }: { actor: CreateTourRef; products: ProductChoice[] }) {
  const productId = useSelector(actor, selectProductId);
  return (
    <chakra.label display="grid" gap="1">
      <Text fontWeight="bold">Tour product</Text>
      <chakra.select
        {...fieldStyle}
        value={productId ?? ''}
        onChange={(e) => actor.send({ type: 'create.product', productId: e.target.value })}
      >
        {products.map((p) => (
          <option key={p.id} value={p.id}>
            {productLabel(p)} ({orders(p.count)})
          </option>
        ))}
      </chakra.select>
    </chakra.label>
  );
}

/** One of the orders' departures fills the day and time below; a typed one shows as "Typed below". */
function DeparturePicker({
  actor,
  departures,
  chosen,
}: {
  actor: CreateTourRef;
  departures: DepartureChoice[];
  chosen: { date: string; time: string };
}) {
  const value = departures.some((d) => departureKey(d) === departureKey(chosen)) ? departureKey(chosen) : '';
  return (
    <chakra.label display="grid" gap="1">
      <Text fontWeight="bold">Tour departure</Text>
      <chakra.select
        {...fieldStyle}
        value={value}
        onChange={(e) => {
          const picked = departures.find((d) => departureKey(d) === e.target.value);
          if (picked) actor.send({ type: 'create.departure', date: picked.date, time: picked.time });
        }}
      >
        {value === '' && <option value="">Typed below</option>}
        {departures.map((d) => (
          <option key={departureKey(d)} value={departureKey(d)}>
            {departureLabel(d)} ({orders(d.count)})
          </option>
        ))}
      </chakra.select>
    </chakra.label>
  );
}
