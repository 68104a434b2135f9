import { Box, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import {
  checkInLabel,
  checkInSummary,
  chunk,
  displayedValue,
  manifestTotals,
  paxLabel,
  PRINT_PAGE_PARTIES,
  valueOf,
} from '../../domain/check-in';
import { formatDateTime } from '../../domain/format';
import type { Manifest } from '../../machines/manifest/types';
import { selectBase, selectQueue, type CheckInActorRef } from '../../machines/check-in/selectors';

/**
 * The manifest on paper (A4 portrait): shown only in print, where the app's navigation, buttons and
 * toasts are not. One table per 25 parties, each on its own page with its header; fixed columns
 * that wrap long values rather than run off the page; rows never split across pages.
 */
export const PRINT_CSS = `
.manifest-print { display: none; }
@media print {
  @page { size: A4 portrait; margin: 10mm; }
  aside, header, nav, [data-print-hide], [data-scope="toast"], [data-testid="demo-banner"] { display: none !important; }
  main { padding: 0 !important; }
  .manifest-screen { display: none !important; }
  .manifest-print { display: block; color: #000; font-size: 7pt; line-height: 1.2; }
  .manifest-print h1 { font-size: 12pt; margin: 0 0 1mm; }
  .manifest-print p { margin: 0 0 2mm; }
  .manifest-print table { width: 100%; table-layout: fixed; border-collapse: collapse; }
  .manifest-print thead { display: table-header-group; }
  .manifest-print tr { break-inside: avoid; page-break-inside: avoid; }
  .manifest-print th, .manifest-print td {
    border: 0.5pt solid #999; padding: 0.5mm 1mm; text-align: left; vertical-align: top;
    overflow-wrap: anywhere; word-break: break-word;
  }
  .manifest-print section { break-after: page; page-break-after: always; }
  .manifest-print section:last-child { break-after: auto; page-break-after: auto; }
}
`;

const COLUMNS: { label: string; width: string }[] = [
  { label: '#', width: '4%' },
  { label: 'Party', width: '16%' },
  { label: 'Pax', width: '9%' },
  { label: 'Phone', width: '12%' },
  { label: 'Pick-up', width: '15%' },
  { label: 'Notes', width: '18%' },
  { label: 'OTA order', width: '13%' },
  { label: 'Check-in', width: '13%' },
];

export function PrintManifest({
  manifest,
  checkIn,
  timezone,
}: {
  manifest: Manifest;
  checkIn: CheckInActorRef;
  timezone: string;
}) {
  const base = useSelector(checkIn, selectBase);
  const queue = useSelector(checkIn, selectQueue);
  const value = (orderId: string, fallback: Manifest['parties'][number]['checkIn']) =>
    displayedValue(base[orderId] ?? valueOf(fallback), queue, orderId);
  const byId = new Map(manifest.parties.map((p) => [p.orderId, p]));
  const totals = manifestTotals(manifest.parties, (id) => value(id, byId.get(id)!.checkIn));
  const pages = chunk(manifest.parties, PRINT_PAGE_PARTIES);
  return (
    <Box className="manifest-print" aria-hidden="true" data-testid="manifest-print">
      {pages.map((parties, page) => (
        <section key={page}>
          {page === 0 && (
            <>
              <h1>Manifest: {manifest.title}</h1>
              <p>
                {formatDateTime(manifest.departureAt, timezone)} · {totals.parties} parties ·{' '}
                {paxLabel(totals.adults, totals.children)} · {checkInSummary(totals)}
              </p>
            </>
          )}
          <chakra.table>
            <colgroup>
              {COLUMNS.map((c) => (
                <col key={c.label} style={{ width: c.width }} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.label}>{c.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {parties.map((p, i) => (
                <tr key={p.orderId}>
                  <td>{page * PRINT_PAGE_PARTIES + i + 1}</td>
                  <td>{p.name || p.displayId}</td>
                  <td>
                    {p.adults}A {p.children}C
                  </td>
                  <td>{p.phone ?? ''}</td>
                  <td>{p.pickup ?? ''}</td>
                  <td>{p.notes ?? ''}</td>
                  <td>
                    {p.ota} {p.otaOrderId}
                  </td>
                  <td>{checkInLabel(value(p.orderId, p.checkIn), p.total)}</td>
                </tr>
              ))}
            </tbody>
          </chakra.table>
        </section>
      ))}
    </Box>
  );
}
