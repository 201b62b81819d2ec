// @vitest-environment happy-dom
// The profile's Security section on a mocked API: setting up the authenticator app shows a QR code made in the
// page and the key as text, refuses a wrong code with the server's reason, then shows the ten recovery codes once
// with Download; while two-factor is on, each change of a factor (turning the app off, new recovery codes, setting
// one up, adding or removing a passkey) proves it first in the same dialog, by a current code or a passkey, and the
// server's refusals show at the proof; passkeys are listed, added under a name (a closed prompt is no error) and
// removed after asking; the sessions list marks this device and signs out another or every other. One test runs
// the real calls on a stubbed fetch: the typed code goes to /auth/passkeys/options/.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FetchError } from 'ofetch';
import { renderWithQuery } from './query-wrapper';
import { SecuritySection } from '../../src/islands/admin/features/profile/SecuritySection';
import * as securityApi from '../../src/islands/admin/features/profile/security-api';
import { AdminContentProvider, type AdminContent } from '../../src/islands/admin/content';
import { downloadText } from '../../src/lib/client/download';
import { auth, PasskeyCancelled } from '../../src/lib/client/session';
import type { Session, TwoFactorStatus } from '../../src/lib/shared/twofactor/api';

vi.mock('../../src/islands/admin/features/profile/security-api', () => ({
  readTwoFactor: vi.fn(),
  setUpTotp: vi.fn(),
  confirmTotp: vi.fn(),
  turnOffTotp: vi.fn(),
  newRecoveryCodes: vi.fn(),
  readSessions: vi.fn(),
  endSession: vi.fn(),
  endOtherSessions: vi.fn(),
  addPasskey: vi.fn(),
  removePasskey: vi.fn(),
  passkeyProof: vi.fn(),
}));
vi.mock('../../src/lib/client/download', () => ({ downloadText: vi.fn(), downloadCsv: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

const api = vi.mocked(securityApi);
const off: TwoFactorStatus = { totp: false, recoveryCodesLeft: 0, passkeys: [], required: false };
const codes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);
const sessions: Session[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    device: 'Chrome on Linux',
    address: '127.0.0.1',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: '2026-11-21T10:00:00.000Z',
    current: true,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    device: 'Safari on iPhone',
    address: null,
    createdAt: '2026-11-19T10:00:00.000Z',
    lastUsedAt: '2026-11-19T11:00:00.000Z',
    current: false,
  },
];

function refusal(status: number, detail: string, errors?: Record<string, string[]>) {
  return Object.assign(new FetchError(detail), { status, statusCode: status, data: { detail, errors } });
}

const byPasskey = {
  passkey: {
    challenge_id: 'c1',
    response: {
      id: 'cred',
      rawId: 'cred',
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: 'a', authenticatorData: 'b', signature: 'c' },
    },
  },
};

function show() {
  renderWithQuery(
    <AdminContentProvider value={{ site: { name: 'Grace Chapel' } } as AdminContent}>
      <SecuritySection />
    </AdminContentProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(auth, 'init').mockResolvedValue();
  api.readTwoFactor.mockResolvedValue(off);
  api.readSessions.mockResolvedValue(sessions);
  api.setUpTotp.mockResolvedValue({
    secret: 'JBSWY3DPEHPK3PXP',
    otpauth_url: 'otpauth://totp/Grace%20Chapel:admin?secret=JBSWY3DPEHPK3PXP&issuer=Grace%20Chapel',
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('two-factor sign-in on the profile', () => {
  it('sets up the app from a QR code and the key, refuses a wrong code, then shows the codes once', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const qr = await screen.findByAltText('QR code for your authenticator app');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    const code = screen.getByLabelText('Authentication code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    api.confirmTotp.mockRejectedValueOnce(refusal(400, 'Invalid code.'));
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Invalid code.')).toBeTruthy();

    api.confirmTotp.mockResolvedValueOnce({ recovery_codes: codes });
    api.readTwoFactor.mockResolvedValue({ ...off, totp: true, recoveryCodesLeft: 10 });
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(api.confirmTotp).toHaveBeenLastCalledWith('123456');
    expect(auth.init).toHaveBeenCalled();
    // Nothing to prove while no second factor is in force.
    expect(api.setUpTotp).toHaveBeenCalledWith({});
    expect(screen.queryByLabelText('Current code')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    const [filename, text] = vi.mocked(downloadText).mock.calls[0];
    expect(filename).toBe('recovery-codes.txt');
    for (const c of codes) expect(text).toContain(c);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
    expect(await screen.findByText('10 recovery codes left')).toBeTruthy();
  });

  it('says when the policy requires it, and turning it off asks a current code', async () => {
    api.readTwoFactor.mockResolvedValue({ ...off, required: true });
    show();
    expect(await screen.findByText(/requires two-factor sign-in/)).toBeTruthy();
    cleanup();

    api.readTwoFactor.mockResolvedValue({ ...off, totp: true, recoveryCodesLeft: 7 });
    api.turnOffTotp.mockResolvedValue(undefined);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = screen.getByRole('dialog');
    // No passkey on the account: no passkey offered.
    expect(within(dialog).queryByRole('button', { name: 'Or use a passkey' })).toBeNull();
    const code = within(dialog).getByLabelText('Current code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Enter a current code.')).toBeTruthy();
    expect(api.turnOffTotp).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(api.turnOffTotp).toHaveBeenCalledWith({ code: '654321' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("new recovery codes: the server's refusals show at the code, and a passkey proves it too", async () => {
    const phone = { id: 7, name: 'Pixel', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };
    api.readTwoFactor.mockResolvedValue({ ...off, totp: true, recoveryCodesLeft: 7, passkeys: [phone] });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = screen.getByRole('dialog');
    const code = within(dialog).getByLabelText('Current code');

    api.newRecoveryCodes.mockRejectedValueOnce(refusal(400, 'Invalid code.', { code: ['Invalid code.'] }));
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get new codes' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Invalid code.')).toBeTruthy();
    expect(api.newRecoveryCodes).toHaveBeenLastCalledWith({ code: '000000' });

    const locked = 'Too many wrong codes for this account. Two-factor sign-in is locked for 15 minutes.';
    api.newRecoveryCodes.mockRejectedValueOnce(refusal(429, locked));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get new codes' }));
    expect(await within(dialog).findByText(locked)).toBeTruthy();

    api.passkeyProof.mockResolvedValueOnce(byPasskey);
    api.newRecoveryCodes.mockResolvedValueOnce({ recovery_codes: codes });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Or use a passkey' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(api.newRecoveryCodes).toHaveBeenLastCalledWith(byPasskey);
  });

  it('an account with only a passkey proves with it before setting up the app', async () => {
    const phone = { id: 7, name: 'Pixel', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };
    api.readTwoFactor.mockResolvedValue({ ...off, passkeys: [phone] });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('Current code')).toBeNull();
    expect(within(dialog).queryByTestId('totp-secret')).toBeNull();
    expect(api.setUpTotp).not.toHaveBeenCalled();

    api.passkeyProof.mockRejectedValueOnce(new PasskeyCancelled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('status')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(api.setUpTotp).not.toHaveBeenCalled();

    api.passkeyProof.mockResolvedValueOnce(byPasskey);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await within(dialog).findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(api.setUpTotp).toHaveBeenCalledWith(byPasskey);
    expect(within(dialog).getByLabelText('Authentication code')).toBeTruthy();
  });
});

describe('passkeys on the profile', () => {
  const phone = { id: 7, name: 'Pixel <b>8</b>', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };

  it('lists them, adds one under a name (a closed prompt is no error), and removes one after asking', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    try {
      show();
      expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
      const dialog = screen.getByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(await within(dialog).findByText('Give the passkey a name.')).toBeTruthy();
      expect(api.addPasskey).not.toHaveBeenCalled();

      api.addPasskey.mockRejectedValueOnce(new PasskeyCancelled());
      fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Pixel <b>8</b>' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(await within(dialog).findByText('The passkey was not added. Choose Add to try again.')).toBeTruthy();
      expect(within(dialog).queryByRole('alert')).toBeNull();

      api.addPasskey.mockResolvedValueOnce(phone);
      api.readTwoFactor.mockResolvedValue({ ...off, passkeys: [phone] });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.addPasskey).toHaveBeenLastCalledWith('Pixel <b>8</b>', {});
      expect(auth.init).toHaveBeenCalled();
      // The name is text, never markup.
      const row = await screen.findByRole('listitem', { name: 'Pixel <b>8</b>' });
      expect(row.textContent).toContain('Pixel <b>8</b>');
      expect(row.textContent).toContain('Never used');

      // Removing asks first, and the passkey (the account's only factor) proves it.
      api.removePasskey.mockResolvedValue(undefined);
      fireEvent.click(within(row).getByRole('button', { name: 'Remove Pixel <b>8</b>' }));
      let asking = screen.getByRole('dialog', { name: 'Remove a passkey' });
      expect(asking.textContent).toContain('Remove the passkey "Pixel <b>8</b>"?');
      fireEvent.click(within(asking).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.removePasskey).not.toHaveBeenCalled();

      api.passkeyProof.mockResolvedValueOnce(byPasskey);
      fireEvent.click(within(row).getByRole('button', { name: 'Remove Pixel <b>8</b>' }));
      asking = screen.getByRole('dialog', { name: 'Remove a passkey' });
      expect(within(asking).queryByLabelText('Current code')).toBeNull();
      fireEvent.click(within(asking).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(api.removePasskey).toHaveBeenCalledWith(7, byPasskey));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('adding one while the app is on sends the typed code to /auth/passkeys/options/ (the real calls)', async () => {
    const real = await vi.importActual<typeof securityApi>('../../src/islands/admin/features/profile/security-api');
    api.addPasskey.mockImplementation(real.addPasskey);
    api.readTwoFactor.mockResolvedValue({ ...off, totp: true, recoveryCodesLeft: 10 });
    const webauthn = await import('@simplewebauthn/browser');
    const attestation = { id: 'new', rawId: 'new', type: 'public-key', clientExtensionResults: {} };
    vi.mocked(webauthn.startRegistration).mockResolvedValue(attestation as never);
    const fetchMock = vi.fn(async (url: string, _init: RequestInit) =>
      url.endsWith('/auth/passkeys/options/')
        ? Response.json({ challenge: 'abc', rp: { name: 'Grace Chapel' } })
        : Response.json(phone, { status: 201 }),
    );
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('fetch', fetchMock);
    try {
      show();
      fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
      const dialog = screen.getByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Laptop' } });
      fireEvent.change(within(dialog).getByLabelText('Current code'), { target: { value: ' 123456 ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const sent = fetchMock.mock.calls.map(([url, init]) => [
        new URL(url, 'http://x').pathname.replace(/^.*\/auth\//, '/auth/'),
        JSON.parse(String(init.body)),
      ]);
      expect(sent).toEqual([
        ['/auth/passkeys/options/', { code: '123456' }],
        ['/auth/passkeys/', { name: 'Laptop', response: attestation }],
      ]);
      expect(webauthn.startRegistration).toHaveBeenCalledWith({
        optionsJSON: { challenge: 'abc', rp: { name: 'Grace Chapel' } },
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a passkey meets the policy: no call to enrol', async () => {
    api.readTwoFactor.mockResolvedValue({ ...off, required: true, passkeys: [phone] });
    show();
    expect(await screen.findByRole('listitem', { name: 'Pixel <b>8</b>' })).toBeTruthy();
    expect(screen.queryByText(/requires two-factor sign-in/)).toBeNull();
  });
});

describe('sessions on the profile', () => {
  it('marks this device and signs out another session or every other', async () => {
    api.endSession.mockResolvedValue(undefined);
    api.endOtherSessions.mockResolvedValue(undefined);
    show();
    const mine = await screen.findByRole('listitem', { name: 'Chrome on Linux' });
    expect(within(mine).getByText('This device')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Sign out' })).toBeNull();
    const other = screen.getByRole('listitem', { name: 'Safari on iPhone' });
    expect(other.textContent).toContain('Address unknown');
    fireEvent.click(within(other).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(api.endSession).toHaveBeenCalledWith(sessions[1].id));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(api.endOtherSessions).toHaveBeenCalled());
  });
});
