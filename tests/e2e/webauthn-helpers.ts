// What the passkey specs share: the site as localhost (browsers refuse WebAuthn on an IP address; the server takes
// a loopback site as localhost too) and Chromium's virtual authenticator through the DevTools WebAuthn domain
// (CTAP2, built in, resident keys, the person verified, presence answered at once).
import { test, type Page } from '@playwright/test';

/** The test server's address as localhost. */
export const localSite = () => {
  const url = new URL(test.info().project.use.baseURL!);
  url.hostname = 'localhost';
  return url.origin;
};

/** A virtual authenticator: the device's own ('internal', one per browser) or a USB security key beside it. */
export async function virtualAuthenticator(page: Page, transport: 'internal' | 'usb' = 'internal') {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    unplug: () => cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId }),
  };
}
