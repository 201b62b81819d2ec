// The service a panel of the Attendance screen is about (the check-in code, Mark present): the one chosen in its
// Select, else the first.
import { useState } from 'react';
import { Select } from '../../../ui';

export function useServicePicker(services: readonly { id: number; name: string }[]) {
  const [serviceId, setServiceId] = useState('');
  const chosen = serviceId || String(services[0]?.id ?? '');
  const picker = (
    <Select
      label="Service"
      value={chosen}
      onChange={setServiceId}
      options={services.map((s) => ({ value: String(s.id), label: s.name }))}
    />
  );
  return { chosen, picker };
}
