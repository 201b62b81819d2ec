// The /checkin page's script: a station's whole Sunday without a framework (it must stay small for an old phone).
// The last lookups are kept in localStorage, so a family looked up before the network dropped can still be
// checked in; a check-in made offline is queued with its own idempotency key and sent once when the connection is
// back (the server answers a key it has seen with the check-in it made, so a retry never checks a child in twice).
import { normalisePhone } from '../../lib/shared/phone';
import type { CheckinAnswer, LookupAnswer } from '../../lib/shared/checkin/api';

const LOOKUPS = 'checkin-lookups';
const QUEUE = 'checkin-queue';
const STATION = 'checkin-station';
const KEEP_LOOKUPS = 30;
const RETRY_MS = 10_000;

interface Queued {
  key: string;
  body: { serviceId: number; childIds: string[]; guardianName: string };
  names: string;
}

const read = <T>(key: string, empty: T): T => {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? '') as T) ?? empty;
  } catch {
    return empty;
  }
};
const write = (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value));

class Offline extends Error {}

export function startStation(root: HTMLElement) {
  const api = root.dataset.api ?? '/api/v1';
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const alertOf = (form: HTMLElement) => form.querySelector<HTMLElement>('[role=alert]')!;
  const show = (el: HTMLElement, on: boolean) => (el.hidden = !on);
  const offline = $('offline');
  let current: LookupAnswer | undefined;
  let lastCheckin: number | undefined;

  async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    let res: Response;
    try {
      res = await fetch(api + path, {
        method,
        credentials: 'include',
        headers: { ...(body !== undefined && { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      setOffline(true);
      throw new Offline('offline');
    }
    setOffline(false);
    const data = res.status === 204 ? null : await res.json().catch(() => null);
    if (res.status === 401 && path !== '/stations/pair/') unpaired();
    if (!res.ok)
      throw new Error(
        data?.errors ? Object.values(data.errors).flat().join(' ') : (data?.detail ?? 'Something went wrong.'),
      );
    return data as T;
  }

  /** Back online after a drop: the queue goes out. */
  function setOffline(on: boolean) {
    const was = !offline.hidden;
    show(offline, on);
    if (was && !on) void flush();
  }

  function unpaired() {
    localStorage.removeItem(STATION);
    show($('work'), false);
    show($('pair'), true);
    $('station-name').textContent = '';
  }

  async function paired(name: string) {
    write(STATION, name);
    $('station-name').textContent = `Station: ${name}`;
    show($('pair'), false);
    show($('work'), true);
    const select = $('lookup').querySelector('select')!;
    try {
      const services = await call<{ id: number; name: string; startTime: string }[]>('GET', '/services/');
      localStorage.setItem('checkin-services', JSON.stringify(services));
      fillServices(select, services);
    } catch {
      fillServices(select, read('checkin-services', []));
    }
    void flush();
  }

  function fillServices(select: HTMLSelectElement, services: { id: number; name: string; startTime: string }[]) {
    select.replaceChildren(...services.map((s) => new Option(`${s.name} (${s.startTime})`, String(s.id))));
  }

  $('pair').addEventListener('submit', async (e) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    alertOf(form).textContent = '';
    try {
      const me = await call<{ name: string }>('POST', '/stations/pair/', {
        pairingCode: new FormData(form).get('pairingCode'),
      });
      form.reset();
      await paired(me.name);
    } catch (err) {
      alertOf(form).textContent =
        err instanceof Offline ? 'No connection: pairing needs the network.' : (err as Error).message;
    }
  });

  $('lookup').addEventListener('submit', async (e) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const typed = String(data.get('phone'));
    const phone = normalisePhone(typed) ?? typed;
    alertOf(form).textContent = '';
    show($('done'), false);
    const kept = read<Record<string, LookupAnswer>>(LOOKUPS, {});
    try {
      current = await call<LookupAnswer>('POST', '/checkin/lookup/', {
        phone: typed,
        serviceId: Number(data.get('serviceId')),
      });
      const keys = Object.keys(kept)
        .filter((k) => k !== phone)
        .slice(-(KEEP_LOOKUPS - 1));
      write(LOOKUPS, Object.fromEntries([...keys.map((k) => [k, kept[k]]), [phone, current]]));
    } catch (err) {
      current = err instanceof Offline ? kept[phone] : undefined;
      if (!current) {
        alertOf(form).textContent =
          err instanceof Offline
            ? 'No connection, and this family was not looked up here before.'
            : (err as Error).message;
        show($('children'), false);
        return;
      }
    }
    showChildren(current);
  });

  function showChildren(found: LookupAnswer) {
    $('household').textContent = found.household.name;
    const list = $('child-list');
    list.replaceChildren(
      ...found.children.map((child) => {
        const label = document.createElement('label');
        label.className = 'flex min-h-14 items-start gap-3 rounded-lg border-2 border-text p-3';
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.name = 'childIds';
        box.value = child.id;
        box.className = 'mt-1 size-7 shrink-0';
        box.disabled = child.checkedIn;
        const text = document.createElement('span');
        const name = document.createElement('span');
        name.className = 'block text-xl font-bold';
        name.textContent = child.name + (child.age === null ? '' : `, ${child.age}`);
        text.append(name);
        if (child.allergies) {
          const allergy = document.createElement('span');
          allergy.className = 'mt-1 block rounded border-2 border-error px-2 font-bold text-error';
          allergy.textContent = `⚠ Allergies: ${child.allergies.toUpperCase()}`;
          text.append(allergy);
        }
        if (child.checkedIn) {
          const note = document.createElement('span');
          note.className = 'block';
          note.textContent = 'Already checked in';
          text.append(note);
        }
        label.append(box, text);
        return label;
      }),
    );
    if (!found.children.length) list.textContent = 'No children are listed in this household.';
    show($('children'), true);
  }

  $('children').addEventListener('submit', async (e) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const childIds = data.getAll('childIds').map(String);
    alertOf(form).textContent = '';
    if (!childIds.length) {
      alertOf(form).textContent = 'Tick at least one child.';
      return;
    }
    const names = (current?.children ?? [])
      .filter((c) => childIds.includes(c.id))
      .map((c) => c.name)
      .join(', ');
    const queued: Queued = {
      key: crypto.randomUUID(),
      body: {
        serviceId: Number(new FormData($('lookup') as HTMLFormElement).get('serviceId')),
        childIds,
        guardianName: String(data.get('guardianName') ?? ''),
      },
      names,
    };
    // Queued first, so a drop in the middle of the call still sends it (once: the key) when back.
    write(QUEUE, [...read<Queued[]>(QUEUE, []), queued]);
    try {
      const made = await send(queued);
      showDone(made);
    } catch (err) {
      if (err instanceof Offline) {
        alertOf(form).textContent = '';
        $('queued').textContent =
          `Offline: the check-in of ${names} is queued and will be sent when the connection is back.`;
        show(form, false);
      } else alertOf(form).textContent = (err as Error).message;
    }
  });

  async function send(item: Queued) {
    try {
      const made = await call<CheckinAnswer>('POST', '/checkin/', item.body, { 'Idempotency-Key': item.key });
      drop(item.key);
      return made;
    } catch (err) {
      if (!(err instanceof Offline)) drop(item.key);
      throw err;
    }
  }
  const drop = (key: string) =>
    write(
      QUEUE,
      read<Queued[]>(QUEUE, []).filter((q) => q.key !== key),
    );

  let flushing = false;
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      for (const item of read<Queued[]>(QUEUE, [])) {
        try {
          const made = await send(item);
          $('queued').textContent = `Sent from the queue: ${item.names}, code ${made.securityCode}.`;
        } catch (err) {
          if (err instanceof Offline) break;
          $('queued').textContent = `Not checked in (${item.names}): ${(err as Error).message}`;
        }
      }
    } finally {
      flushing = false;
    }
  }

  function showDone(made: CheckinAnswer) {
    lastCheckin = made.id;
    $('code').textContent = made.securityCode;
    $('done-names').textContent = made.children.map((c) => c.name).join(', ');
    ($('labels') as HTMLAnchorElement).href = made.labelsUrl.replace(/^\/api\/v1/, api);
    printStatus(made.print, made.sms);
    show($('children'), false);
    show($('done'), true);
    $('code').focus();
  }

  function printStatus(print: string | null, sms = false) {
    $('print').textContent =
      print === null
        ? sms
          ? 'The code was sent to the parent by SMS.'
          : ''
        : print === 'ok'
          ? 'Labels sent to the printer.'
          : `Printing failed: ${print}`;
    show($('retry'), print !== null && print !== 'ok');
  }

  $('retry').addEventListener('click', async () => {
    if (lastCheckin === undefined) return;
    try {
      printStatus((await call<{ print: string | null }>('POST', `/checkin/${lastCheckin}/print/`)).print);
    } catch (err) {
      $('print').textContent = (err as Error).message;
    }
  });

  $('next').addEventListener('click', () => {
    show($('done'), false);
    ($('lookup') as HTMLFormElement).reset();
    ($('children') as HTMLFormElement).reset();
    $('lookup').querySelector('input')!.focus();
  });

  $('pickup').addEventListener('submit', async (e) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    alertOf(form).textContent = '';
    $('released').textContent = '';
    try {
      const out = await call<{ children: { name: string }[] }>('POST', '/checkin/checkout/', {
        securityCode: new FormData(form).get('securityCode'),
      });
      $('released').textContent = `Release: ${out.children.map((c) => c.name).join(', ')}`;
      form.reset();
    } catch (err) {
      alertOf(form).textContent =
        err instanceof Offline ? 'No connection: pickup needs the network.' : (err as Error).message;
    }
  });

  window.addEventListener('online', () => void flush());
  // Not every browser says when the network is back: a waiting queue is tried again now and then too.
  setInterval(() => {
    if (read<Queued[]>(QUEUE, []).length) void flush();
  }, RETRY_MS);
  window.addEventListener('offline', () => show(offline, true));
  $('code').tabIndex = -1;

  const known = localStorage.getItem(STATION);
  call<{ name: string }>('GET', '/stations/me/')
    .then((me) => paired(me.name))
    .catch((err) => {
      if (err instanceof Offline && known) void paired(JSON.parse(known) as string);
      else if (!(err instanceof Offline)) unpaired();
    });
}
