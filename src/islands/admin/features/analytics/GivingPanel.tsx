// Giving in the analytics report (ADMIN and above: the server adds the section only to their answers): each fund's
// giving in the range against the period before, and what was given in each day, week or month of the range as a
// table whose bars draw the trend (the figures are the table's text, so nothing is said only by the picture).
import type { AnalyticsGiving } from '../../../../lib/shared/analytics/api';
import { showCedis } from '../../../../lib/shared/giving/money';
import { DataTable } from '../../../ui';
import { GivingTotalsTable } from '../../GivingTotalsTable';

const COLUMNS = [
  'Period',
  { name: 'Given', numeric: true },
  { name: 'Gifts', numeric: true },
  { name: 'Share of the highest', hidden: true, className: 'w-2/5' },
];

export function GivingPanelBody({ giving }: { giving: AnalyticsGiving }) {
  const top = Math.max(0, ...giving.series.map((p) => p.total));
  return (
    <div className="flex flex-col gap-4">
      <GivingTotalsTable totals={giving} caption="Giving per fund" current="This period" previous="Period before" />
      <h3 className="text-base font-semibold text-text">Giving over time</h3>
      <DataTable label="Giving over time" caption="Giving over time" columns={COLUMNS} className="max-h-80">
        {giving.series.map((p) => (
          <tr key={p.start}>
            <th scope="row" className="border-t border-border px-3 py-1.5 font-normal whitespace-nowrap">
              {p.label}
            </th>
            <td className="border-t border-border px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
              {showCedis(p.total)}
            </td>
            <td className="border-t border-border px-3 py-1.5 text-right tabular-nums">{p.count}</td>
            <td className="border-t border-border px-3 py-1.5">
              <div className="h-2 overflow-hidden rounded-full bg-hover" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-primary-strong"
                  style={{ width: `${top > 0 ? (Math.max(0, p.total) / top) * 100 : 0}%` }}
                />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
