// Services (docs/PRODUCT.md (Services)): the church's regular services, by branch, day and time, which the headcount,
// the check-in code and the reports are counted against. Every staff role sees them; ADMIN and above add one,
// change one and retire one (its counts and check-ins stay in the reports under its name).
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { $auth } from '../../../../lib/client/session';
import { canManageServices } from '../../../../lib/shared/permissions';
import { serviceWhen, type Service } from '../../../../lib/shared/services/api';
import { Button, CELL, DataTable, EmptyState, ScreenHeader } from '../../../ui';
import { QueryView } from '../../QueryView';
import { useScreenChanges } from '../../useScreenChanges';
import { branchChoices, branchesQuery } from '../../branch-tree';
import * as calls from './api';
import { ServiceDialog } from './ServiceDialog';

type Open = { kind: 'create' } | { kind: 'edit'; service: Service };

export default function ServicesScreen() {
  const user = useStore($auth).user;
  const canEdit = !!user && canManageServices(user);
  const services = useQuery({ queryKey: calls.serviceKeys.all, queryFn: calls.listServices });
  const branchList = useQuery(branchesQuery()).data;
  const branches = branchChoices(branchList, user?.branch?.id);
  const branchName = (id: number) => branchList?.find((b) => b.id === id)?.name ?? '';
  const changes = useScreenChanges(calls.serviceKeys.all);
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const save = (done: string, task: () => Promise<unknown>) => changes.save(done, task).then(close);

  const retire = (service: Service) => {
    if (changes.busy || !window.confirm(`Retire "${service.name}"? Its counts stay in the reports.`)) return;
    void changes.run('retire the service', `${service.name} retired`, () => calls.retireService(service.id));
  };

  const columns = [
    'Name',
    'Day and time',
    'Language',
    ...(branches.length ? ['Branch'] : []),
    ...(canEdit ? [{ name: 'Actions', hidden: true }] : []),
  ];

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader
        title="Services"
        subtitle="The church's regular services: headcounts, check-ins and the reports are counted by them."
      >
        {canEdit && <Button onClick={() => setOpen({ kind: 'create' })}>Add Service</Button>}
      </ScreenHeader>
      <QueryView query={services} noun="services">
        {services.data?.length === 0 ? (
          <EmptyState title="No services yet" />
        ) : (
          <DataTable label="Services" caption="Services" columns={columns} card>
            {services.data?.map((s) => (
              <tr key={s.id} data-testid="service-row">
                <td className={`${CELL} font-semibold`}>{s.name}</td>
                <td className={CELL}>{serviceWhen(s)}</td>
                <td className={CELL}>{s.language ?? ''}</td>
                {branches.length > 0 && <td className={CELL}>{branchName(s.branchId)}</td>}
                {canEdit && (
                  <td className={CELL}>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit ${s.name}`}
                        onClick={() => setOpen({ kind: 'edit', service: s })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="destructive"
                        aria-label={`Retire ${s.name}`}
                        disabled={changes.busy}
                        onClick={() => retire(s)}
                      >
                        Retire
                      </Button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      {open?.kind === 'create' && (
        <ServiceDialog
          mode="create"
          branches={branches}
          onClose={close}
          onSave={(body) => save(`${body.name} added`, () => calls.createService(body))}
        />
      )}
      {open?.kind === 'edit' && (
        <ServiceDialog
          mode="edit"
          service={open.service}
          branches={branches}
          onClose={close}
          onSave={(body) =>
            save(`${body.name ?? open.service.name} saved`, () => calls.updateService(open.service.id, body))
          }
        />
      )}
    </div>
  );
}
