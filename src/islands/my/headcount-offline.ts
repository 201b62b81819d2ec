// /my/headcount with JavaScript (docs/PRODUCT.md, Headcount at /my): the page's plain form, made to survive a dropped
// connection. What is typed is kept on the phone as it is typed; the form is posted as the browser would post it
// (the same fields to the same address, the API's 303 followed), and a post that gets no answer at all waits in a
// queue on the phone, sent when the browser is back online, once: one entry per service and date (a later one
// replaces it, as the server does), taken off before it is sent so two flushes never send it twice. No shared
// schema is imported: the page's native checks and the API's refusals stay the rules.
const QUEUE_KEY = 'gc-my-headcount-queue';
const DRAFT_KEY = 'gc-my-headcount-draft';

/** A form's fields as the browser would post them. */
type Fields = Record<string, string>;

const read = <T>(key: string, empty: T): T => {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as T | null) ?? empty;
  } catch {
    return empty;
  }
};
const queued = () => read<Fields[]>(QUEUE_KEY, []);
const saveQueue = (list: Fields[]) => localStorage.setItem(QUEUE_KEY, JSON.stringify(list));

/** Posts the fields as the form would; throws only when no answer came (the network's failure). */
const post = (action: string, fields: Fields) =>
  fetch(action, { method: 'POST', credentials: 'same-origin', body: new URLSearchParams(fields) });

export function enhanceHeadcount(form: HTMLFormElement, texts: { queued: string }) {
  const status = form.querySelector<HTMLElement>('[data-headcount-status]');
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const fieldsOf = () => Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])) as Fields;
  const waiting = () => {
    const n = queued().length;
    return n ? ` ${n} waiting to be sent.` : '';
  };

  // The draft: restored unless the page comes back from a saved post (?done=), kept as it is typed.
  const draft = read<Fields>(DRAFT_KEY, {});
  if (!new URLSearchParams(location.search).has('done'))
    for (const [name, value] of Object.entries(draft)) {
      const control = form.elements.namedItem(name);
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) control.value = value;
    }
  else localStorage.removeItem(DRAFT_KEY);
  form.addEventListener('input', () => localStorage.setItem(DRAFT_KEY, JSON.stringify(fieldsOf())));

  let busy = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const fields = fieldsOf();
    try {
      const answer = await post(form.action, fields);
      // Refused: post it natively, so the API's own refusal page says why (nothing was stored).
      if (!answer.ok) return form.submit();
      localStorage.removeItem(DRAFT_KEY);
      location.assign(answer.url);
    } catch {
      const key = (f: Fields) => `${f.serviceId} ${f.date}`;
      saveQueue([...queued().filter((q) => key(q) !== key(fields)), fields]);
      say(`${texts.queued}${waiting()}`);
    } finally {
      busy = false;
    }
  });

  let flushing = false;
  async function flush() {
    if (flushing) return;
    flushing = true;
    let sent = 0;
    let refused = 0;
    try {
      for (;;) {
        const [next, ...rest] = queued();
        if (!next) break;
        saveQueue(rest);
        try {
          // Saved is a 303 to the page with ?done=headcount-…; anything else (signed out, refused) is not.
          const answer = await post(form.action, next);
          if (answer.ok && /[?&]done=headcount-/.test(answer.url)) sent += 1;
          else refused += 1;
        } catch {
          saveQueue([next, ...queued()]);
          break;
        }
      }
    } finally {
      flushing = false;
    }
    if (refused) say(`A saved headcount was refused. Please enter it again.${waiting()}`);
    else if (sent) say(`Sent ${sent} saved ${sent === 1 ? 'headcount' : 'headcounts'}.${waiting()}`);
  }
  if (queued().length) say(`${texts.queued}${waiting()}`);
  void flush();
  window.addEventListener('online', () => void flush());
}
