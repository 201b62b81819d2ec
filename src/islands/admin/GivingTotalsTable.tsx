// Giving per fund in a period against the one before, as one table: the Giving screen's totals, the dashboard's
// month against the last and the analytics range all read the same way. Amounts come as cedis (the API's) and are
// shown "GH₵ 1,234.50" by the one rule of lib/shared/giving/money.ts.
import type { GivingTotals } from '../../lib/shared/analytics/api';
import { percentChange } from '../../lib/shared/analytics/periods';
import { showCedis } from '../../lib/shared/giving/money';
import { CELL, DataTable, NUMBER_CELL } from '../ui';

/** "+12.5%", "-3%", "new" (nothing before), "no change": a period against the one before. */
export function changeText(current: number, previous: number): string {
  const change = percentChange(current, previous);
  if (change === null) return 'new';
  if (change === 0) return 'no change';
  return `${change > 0 ? '+' : ''}${change}%`;
}

/** "1 gift", "3 gifts". */
export const giftCount = (n: number) => `${n} ${n === 1 ? 'gift' : 'gifts'}`;

export function GivingTotalsTable({
  totals,
  caption,
  current,
  previous,
}: {
  totals: GivingTotals;
  /** The table's name ("Totals per fund"). */
  caption: string;
  /** The two columns' headings ("This month", "Last month"). */
  current: string;
  previous: string;
}) {
  const rows = [
    ...totals.funds.map((f) => ({ key: String(f.fundId), name: f.fund, ...f })),
    { key: 'total', name: 'All funds', ...totals.total },
  ];
  return (
    <DataTable
      label={caption}
      caption={caption}
      columns={[
        'Fund',
        { name: current, numeric: true },
        { name: previous, numeric: true },
        { name: 'Change', numeric: true },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.key} className={row.key === 'total' ? 'font-semibold' : undefined}>
          <th scope="row" className={`${CELL} font-medium`}>
            {row.name}
          </th>
          <td className={NUMBER_CELL}>
            {showCedis(row.current.total)}
            <span className="block text-xs font-normal text-muted">{giftCount(row.current.count)}</span>
          </td>
          <td className={NUMBER_CELL}>
            {showCedis(row.previous.total)}
            <span className="block text-xs font-normal text-muted">{giftCount(row.previous.count)}</span>
          </td>
          <td className={NUMBER_CELL}>{changeText(row.current.total, row.previous.total)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
