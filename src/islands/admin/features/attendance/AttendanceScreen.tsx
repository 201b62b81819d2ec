// The Attendance screen (docs/PRODUCT.md, Attendance), every staff role: the headcount form first (an usher on a
// phone needs nothing else), then per service and date the counts, total, first-timers and named check-ins with
// filters by branch, service and dates, the weekly trend with its table, the CSV, and today's check-in code and QR
// for the screen at church. The weeks are summed by the server and the rows are the newest ATTENDANCE_SHOWN: a
// whole network's year is 170,000 rows, more than a browser should be sent or a person can read.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { downloadCsv } from '../../../../lib/client/download';
import { ATTENDANCE_SHOWN, addDays, dayOfMs } from '../../../../lib/shared/attendance/rules';
import { formatDate } from '../../../../lib/shared/format';
import {
  Button,
  CELL,
  DataTable,
  EmptyState,
  LoadError,
  NUMBER_CELL,
  Panel,
  ScreenHeader,
  Select,
  toast,
} from '../../../ui';
import { toastOnFailure } from '../../content-form';
import { QueryView } from '../../QueryView';
import { AttendanceChart } from '../../AttendanceChart';
import { HeadcountForm } from './HeadcountForm';
import { MarkPresent } from './MarkPresent';
import { useServicePicker } from './service-picker';
import {
  exportAttendanceCsv,
  getCode,
  listAttendance,
  listBranches,
  listServices,
  listWeeks,
  type ReportFilters,
} from './api';

const keys = { all: ['attendance'] as const };

export default function AttendanceScreen() {
  const client = useQueryClient();
  const services = useQuery({ queryKey: ['services'], queryFn: listServices });
  const branches = useQuery({ queryKey: ['branches'], queryFn: listBranches });
  const [filters, setFilters] = useState<{ branch: string; service: string; from: string; to: string }>(() => {
    const today = dayOfMs(Date.now());
    return { branch: '', service: '', from: addDays(today, -182), to: today };
  });
  const query: ReportFilters = {
    from: filters.from || undefined,
    to: filters.to || undefined,
    branch: filters.branch ? Number(filters.branch) : undefined,
    service: filters.service ? Number(filters.service) : undefined,
  };
  // One row more than shown tells that there are more.
  const report = useQuery({
    queryKey: [...keys.all, 'rows', query],
    queryFn: () => listAttendance(query, ATTENDANCE_SHOWN + 1),
  });
  const weekly = useQuery({ queryKey: [...keys.all, 'weeks', query], queryFn: () => listWeeks(query) });
  const onSaved = useCallback(() => void client.invalidateQueries({ queryKey: keys.all }), [client]);
  const rows = (report.data ?? []).slice(0, ATTENDANCE_SHOWN);
  const more = (report.data?.length ?? 0) > ATTENDANCE_SHOWN;
  const set = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch }));
  const input = 'rounded-lg border border-border bg-input px-3 py-2 text-sm text-text';

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Attendance" subtitle="Headcounts and check-ins of every service, and how they grow." />
      <Panel title="Headcount">
        {services.data && services.data.length > 0 ? (
          <HeadcountForm services={services.data} onSaved={onSaved} />
        ) : (
          <p className="text-sm text-muted">{services.isPending ? 'Loading services…' : 'No services yet.'}</p>
        )}
      </Panel>

      <Panel title="Reports">
        <div className="flex flex-wrap items-end gap-3">
          {(branches.data?.length ?? 0) > 1 && (
            <Select
              label="Branch"
              value={filters.branch}
              onChange={(branch) => set({ branch })}
              options={[
                { value: '', label: 'All branches' },
                ...(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
              ]}
            />
          )}
          <Select
            label="Service"
            value={filters.service}
            onChange={(service) => set({ service })}
            options={[
              { value: '', label: 'All services' },
              ...(services.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
          <label className="flex flex-col gap-1 text-sm font-medium">
            From
            <input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} className={input} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            To
            <input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} className={input} />
          </label>
          <Button
            variant="outline"
            onClick={() =>
              void toastOnFailure('export attendance', async () =>
                downloadCsv('attendance.csv', await exportAttendanceCsv(query)),
              )
            }
          >
            Download CSV
          </Button>
        </div>
        <QueryView query={report} noun="attendance">
          {rows.length === 0 ? (
            <EmptyState title="No attendance in this range">Enter a headcount above, or choose other dates.</EmptyState>
          ) : (
            <div className="mt-4 flex flex-col gap-6">
              {weekly.isError ? (
                <LoadError message="Could not load the weekly trend." onRetry={() => void weekly.refetch()} />
              ) : weekly.data ? (
                <AttendanceChart weeks={weekly.data} />
              ) : (
                <p className="text-sm text-muted">Loading the weekly trend…</p>
              )}
              {more && (
                <p className="text-sm" role="note" data-testid="attendance-more">
                  Showing the newest {ATTENDANCE_SHOWN} services and dates of this range. Narrow it by branch, service
                  or dates to see the others; the weekly trend above and the CSV hold them all.
                </p>
              )}
              <DataTable
                label="Attendance by service and date"
                caption="Attendance by service and date"
                columns={['Date', 'Service', 'Men', 'Women', 'Children', 'Total', 'First-timers', 'Checked in']}
                className="max-h-[32rem] overflow-y-auto"
              >
                {rows.map((r) => (
                  <tr key={`${r.date}-${r.serviceId}`} data-testid="attendance-row">
                    <td className={`${CELL} whitespace-nowrap`}>{formatDate(r.date)}</td>
                    <td className={CELL}>{r.service}</td>
                    <td className={NUMBER_CELL}>{r.men}</td>
                    <td className={NUMBER_CELL}>{r.women}</td>
                    <td className={NUMBER_CELL}>{r.children}</td>
                    <td className={`${NUMBER_CELL} font-semibold`}>{r.total}</td>
                    <td className={NUMBER_CELL}>{r.firstTimers}</td>
                    <td className={NUMBER_CELL}>{r.checkedIn}</td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )}
        </QueryView>
      </Panel>

      <MarkPresent services={services.data ?? []} />
      <CheckinCodePanel services={services.data ?? []} />
    </div>
  );
}

/** Today's code and QR of a service, for the screen at church: members scan it to check in on /my/checkin. */
function CheckinCodePanel({ services }: { services: { id: number; name: string }[] }) {
  const { chosen, picker } = useServicePicker(services);
  const code = useQuery({
    queryKey: ['attendance-code', chosen],
    queryFn: () => getCode(Number(chosen)),
    enabled: !!chosen,
  });
  return (
    <Panel title="Check-in code">
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <div className="flex flex-col gap-3">
          {picker}
          {code.data && (
            <>
              <p className="text-sm">
                Today’s code:{' '}
                <strong className="font-mono text-2xl tracking-widest" data-testid="checkin-code">
                  {code.data.code}
                </strong>
              </p>
              <p className="text-sm text-muted">
                It changes every day. Members scan the QR code, or open the link, to check in.
              </p>
              <a
                href={code.data.url}
                className="break-all text-sm font-medium text-primary-strong hover:underline"
                data-testid="checkin-link"
              >
                {code.data.url}
              </a>
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                onClick={() => void navigator.clipboard?.writeText(code.data.url).then(() => toast('Link copied'))}
              >
                Copy link
              </Button>
            </>
          )}
        </div>
        {code.data && (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.data.qrSvg)}`}
            alt={`QR code to check in at ${services.find((s) => String(s.id) === chosen)?.name ?? 'the service'} today`}
            className="h-64 w-64 rounded-lg bg-white p-2"
          />
        )}
      </div>
    </Panel>
  );
}
