// Children's check-in for staff (docs/PRODUCT.md, Children's check-in in the portal): who is in the building now per
// service, with allergies and a printable evacuation list; and the stations: add one (its pairing code shown once),
// their last activity, unpair (ADMIN and above change them).
import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { $auth } from '../../../../lib/client/session';
import { stationCreateSchema, type Station } from '../../../../lib/shared/checkin/api';
import { fieldRules } from '../../../../lib/shared/forms';
import { formatDateTime } from '../../../../lib/shared/format';
import { canManageServices } from '../../../../lib/shared/permissions';
import { Button, CELL, DataTable, EmptyState, Field, Panel, ScreenHeader, Select, toast } from '../../../ui';
import { toastOnFailure } from '../../content-form';
import { QueryView } from '../../QueryView';
import { addStation, removeStation } from './api';
import { checkinKeys, presentQuery, servicesQuery, stationsQuery } from './queries';

export default function CheckinScreen() {
  const role = useStore($auth).user?.role ?? null;
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader
        title="Children's check-in"
        subtitle="Who is in the building now, and the stations that check children in at /checkin."
      />
      <InTheBuilding />
      <Stations canChange={role !== null && canManageServices({ role })} />
    </div>
  );
}

function InTheBuilding() {
  const services = useQuery(servicesQuery);
  const [chosen, setChosen] = useState('');
  const serviceId = Number(chosen || services.data?.[0]?.id || 0);
  const present = useQuery({ ...presentQuery(serviceId), enabled: serviceId > 0 });
  const children = present.data?.children ?? [];
  return (
    <Panel title="In the building now" className="print:border-0">
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <Select
          label="Service"
          value={String(serviceId || '')}
          onChange={setChosen}
          options={(services.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <Button variant="outline" onClick={() => window.print()} disabled={!children.length}>
          Print evacuation list
        </Button>
      </div>
      {serviceId > 0 && (
        <QueryView query={present} noun="children">
          <p role="status" className="mt-3">
            {children.length} {children.length === 1 ? 'child' : 'children'} in {present.data?.service.name} today
          </p>
          {children.length > 0 && (
            <DataTable
              label="Children in the building"
              caption="Children in the building"
              columns={['Child', 'Allergies', 'Code', 'Brought by', 'Checked in']}
              card
            >
              {children.map((child) => (
                <tr key={child.id}>
                  <td className={`${CELL} font-medium`}>{child.name}</td>
                  <td className={`${CELL} font-bold`}>{child.allergies ? `⚠ ${child.allergies.toUpperCase()}` : ''}</td>
                  <td className={`${CELL} font-mono`}>{child.securityCode}</td>
                  <td className={CELL}>{child.guardianName ?? ''}</td>
                  <td className={CELL}>
                    <time dateTime={child.checkedInAt}>{formatDateTime(child.checkedInAt)}</time>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryView>
      )}
    </Panel>
  );
}

function stationState(station: Station) {
  if (station.paired) return 'Paired';
  if (station.pairingExpiresAt) return `Waiting for its code until ${formatDateTime(station.pairingExpiresAt)}`;
  return 'Code expired: add the station again';
}

function Stations({ canChange }: { canChange: boolean }) {
  const client = useQueryClient();
  const query = useQuery(stationsQuery);
  const [name, setName] = useState('');
  const [printer, setPrinter] = useState('');
  const [code, setCode] = useState<{ name: string; pairingCode: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: checkinKeys.stations });
  const adding = useMutation({ mutationFn: addStation, onSettled: refresh });
  const removing = useMutation({ mutationFn: removeStation, onSettled: refresh });

  const add = (e: FormEvent) => {
    e.preventDefault();
    void toastOnFailure('add the station', async () => {
      const made = await adding.mutateAsync({ name, printer });
      setCode({ name, pairingCode: made.pairingCode });
      setName('');
      setPrinter('');
    });
  };
  const unpair = (station: Station) => {
    if (!window.confirm(`Unpair ${station.name}? It stops working at once.`)) return;
    void toastOnFailure('unpair the station', async () => {
      await removing.mutateAsync(station.id);
      toast(`${station.name} unpaired`);
    });
  };
  const stations = query.data ?? [];
  return (
    <Panel title="Stations" className="print:hidden">
      {canChange && (
        <form onSubmit={add} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <Field
            name="name"
            label="Station name"
            value={name}
            onChange={setName}
            rules={fieldRules(stationCreateSchema, 'name')}
          />
          <Field
            name="printer"
            label="Label printer (optional)"
            value={printer}
            onChange={setPrinter}
            placeholder="192.168.1.50:9100"
            rules={fieldRules(stationCreateSchema, 'printer')}
          />
          <Button type="submit" disabled={adding.isPending}>
            Add station
          </Button>
        </form>
      )}
      {code && (
        <p role="status" className="mt-3 rounded-lg border border-border p-3">
          Pairing code for {code.name}:{' '}
          <strong className="font-mono text-2xl tracking-widest">{code.pairingCode}</strong>. Type it on the device at
          /checkin within 24 hours; it works once.
        </p>
      )}
      <QueryView query={query} noun="stations">
        {stations.length === 0 ? (
          <EmptyState title="No stations">Add one, then pair a tablet or phone at /checkin with its code.</EmptyState>
        ) : (
          <DataTable
            label="Stations list"
            caption="Stations"
            columns={['Station', 'Printer', 'State', 'Last activity', ...(canChange ? ['Actions'] : [])]}
            card
          >
            {stations.map((station) => (
              <tr key={station.id}>
                <td className={`${CELL} font-medium`}>{station.name}</td>
                <td className={CELL}>{station.printer ?? 'None'}</td>
                <td className={CELL}>{stationState(station)}</td>
                <td className={CELL}>
                  {station.lastSeenAt ? (
                    <time dateTime={station.lastSeenAt}>{formatDateTime(station.lastSeenAt)}</time>
                  ) : (
                    'Never'
                  )}
                </td>
                {canChange && (
                  <td className={CELL}>
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={removing.isPending}
                      aria-label={`Unpair ${station.name}`}
                      onClick={() => unpair(station)}
                    >
                      Unpair
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </Panel>
  );
}
