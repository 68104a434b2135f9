import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Months as `YYYY-MM`, computed in UTC so the browser's zone never shifts them. */

/** The month `delta` months after `month` (`YYYY-MM`). */
export function shiftMonth(month: string, delta: number): string {
  return dayjs.utc(`${month}-01`).add(delta, 'month').format('YYYY-MM');
}
