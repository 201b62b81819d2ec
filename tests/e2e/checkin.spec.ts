// /checkin on a 360 × 740 phone: pair with a code, look a family up by phone, tick a child, check in, see the code,
// pick up (a second pickup refused); axe in both themes; the labels page printed to PDF by Chromium is 62 × 29 mm a
// page with one page a label; offline (Playwright's offline mode) the last lookup stays, the check-in is queued and
// sent once when the connection is back.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, createUser } from './portal-helpers';
import { expectNoAxeViolationsInBothThemes } from './axe';

test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 90_000 });

const CODE = /^[ACDEFHJKLMNPRTUVWXY3479]{4}$/;
let counter = 0;

/** A household with a parent's phone and one child with an allergy, and a new station's pairing code. */
async function family(request: APIRequestContext) {
  counter += 1;
  const digits = String(Date.now() % 10_000_000).padStart(7, '0');
  const phone = `024${digits}`;
  const parent = await createUser(request, { role: 'MEMBER', phone_number: phone });
  const house = await apiCall(request, 'superadmin', 'POST', '/households/', {
    name: `Asante household ${counter}`,
    head_user_id: parent.id,
  });
  expect(house.status()).toBe(201);
  const { id } = await house.json();
  const child = `Ama Asante ${digits}`;
  const person = await apiCall(request, 'superadmin', 'POST', `/households/${id}/people/`, {
    name: child,
    relationship: 'child',
    date_of_birth: '2019-03-01',
    allergies: 'peanuts',
  });
  expect(person.status()).toBe(200);
  const station = await apiCall(request, 'superadmin', 'POST', '/stations/', { name: `Door ${counter}` });
  expect(station.status()).toBe(201);
  const services = await (await request.get('/api/v1/services/')).json();
  return {
    phone,
    child,
    pairingCode: (await station.json()).pairingCode as string,
    stationName: `Door ${counter}`,
    service: services[0] as { id: number },
  };
}

async function pair(page: Page, code: string, name: string) {
  await page.goto('/checkin');
  await page.getByLabel('Pairing code').fill(code);
  await page.getByRole('button', { name: 'Pair' }).click();
  await expect(page.getByText(`Station: ${name}`)).toBeVisible();
}

test('pair, look up, check in, see the code, pick up', async ({ page }) => {
  const f = await family(page.request);
  await pair(page, f.pairingCode, f.stationName);
  // Written the way a parent says it.
  await page.getByLabel("Parent's phone").fill(`+233 ${f.phone.slice(1, 3)} ${f.phone.slice(3)}`);
  await page.getByRole('button', { name: 'Find children' }).click();
  const child = page.getByRole('checkbox', { name: new RegExp(f.child) });
  await expect(child).toBeVisible();
  await expect(page.getByText('⚠ Allergies: PEANUTS')).toBeVisible();
  await child.check();
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.locator('#code')).toHaveText(CODE);
  const code = (await page.locator('#code').textContent())!;
  await expect(page.locator('#code')).toBeInViewport();

  await page.getByLabel('Code the parent shows').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Release children' }).click();
  await expect(page.getByText(`Release: ${f.child}`)).toBeVisible();
  await page.getByLabel('Code the parent shows').fill(code);
  await page.getByRole('button', { name: 'Release children' }).click();
  await expect(page.locator('#pickup [role=alert]')).toHaveText(/Already collected/);
});

test('a station unpaired in the portal is asked for a new pairing code at its next call', async ({ page }) => {
  const f = await family(page.request);
  await pair(page, f.pairingCode, f.stationName);
  const stations = await (await apiCall(page.request, 'superadmin', 'GET', '/stations/')).json();
  const station = stations.find((s: { name: string }) => s.name === f.stationName);
  expect((await apiCall(page.request, 'superadmin', 'DELETE', `/stations/${station.id}/`)).status()).toBe(204);
  await page.getByLabel("Parent's phone").fill(f.phone);
  await page.getByRole('button', { name: 'Find children' }).click();
  await expect(page.getByLabel('Pairing code')).toBeVisible();
  await expect(page.getByLabel("Parent's phone")).toBeHidden();
});

test('axe finds nothing on /checkin in the light and dark themes', async ({ page }) => {
  const f = await family(page.request);
  await page.goto('/checkin');
  await expect(page.getByLabel('Pairing code')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
  await pair(page, f.pairingCode, f.stationName);
  await page.getByLabel("Parent's phone").fill(f.phone);
  await page.getByRole('button', { name: 'Find children' }).click();
  await page.getByRole('checkbox', { name: new RegExp(f.child) }).check();
  await expectNoAxeViolationsInBothThemes(page);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.locator('#code')).toHaveText(CODE);
  await expectNoAxeViolationsInBothThemes(page);
});

test('the labels page prints to PDF as 62 × 29 mm pages, one a label', async ({ page }) => {
  const f = await family(page.request);
  // The request context shares the page's cookies: paired here, the page opens the labels too.
  expect((await page.request.post('/api/v1/stations/pair/', { data: { pairingCode: f.pairingCode } })).status()).toBe(
    200,
  );
  const lookup = await (await page.request.post('/api/v1/checkin/lookup/', { data: { phone: f.phone } })).json();
  const made = await page.request.post('/api/v1/checkin/', {
    data: { serviceId: f.service.id, childIds: lookup.children.map((c: { id: string }) => c.id) },
  });
  expect(made.status()).toBe(201);
  await page.goto((await made.json()).labelsUrl);
  await expect(page.getByText('ALLERGIES: PEANUTS')).toBeVisible();
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
  // A child's label and the guardian's: two pages, no label spilling onto a third.
  expect(boxes).toHaveLength(2);
  const points = (mm: number) => (mm * 72) / 25.4;
  for (const [w, h] of boxes) {
    expect(Math.abs(w - points(62))).toBeLessThan(1);
    expect(Math.abs(h - points(29))).toBeLessThan(1);
  }
});

test('offline: the last lookup stays, the check-in is queued and sent once when back', async ({ page, context }) => {
  const f = await family(page.request);
  await pair(page, f.pairingCode, f.stationName);
  await page.getByLabel("Parent's phone").fill(f.phone);
  await page.getByRole('button', { name: 'Find children' }).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(f.child) })).toBeVisible();

  const sent: number[] = [];
  page.on('response', (res) => {
    if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/checkin/')
      sent.push(res.status());
  });
  await context.setOffline(true);
  // Looked up again with no network: the kept answer.
  await page.getByLabel("Parent's phone").fill(`0${f.phone.slice(1)}`);
  await page.getByRole('button', { name: 'Find children' }).click();
  await page.getByRole('checkbox', { name: new RegExp(f.child) }).check();
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByText(/is queued and will be sent/)).toBeVisible();
  await expect(page.getByText(/^Working offline/)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(/^Sent from the queue: .*, code [A-Z0-9]{4}\.$/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Working offline/)).toBeHidden();
  expect(sent).toEqual([201]);
  // Once in the building, whatever the page does next.
  await page.reload();
  await expect(page.getByText(`Station: ${f.stationName}`)).toBeVisible();
  const present = await apiCall(page.request, 'superadmin', 'GET', `/checkin/present/?serviceId=${f.service.id}`);
  const names = ((await present.json()).children as { name: string }[]).filter((c) => c.name === f.child);
  expect(names).toHaveLength(1);
  expect(sent).toEqual([201]);
});
