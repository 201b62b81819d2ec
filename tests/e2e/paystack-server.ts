// The fake Paystack of tests/api/paystack-fake.ts as a process, for the end-to-end server (playwright.config.ts
// starts it beside the app and points PAYSTACK_BASE_URL at it): its webhooks go to the app's webhook route.
import { startFakePaystack } from '../api/paystack-fake';

const port = Number(process.env.E2E_PAYSTACK_PORT ?? 4490);
const app = process.env.E2E_APP_URL ?? 'http://127.0.0.1:4390';
const fake = await startFakePaystack({ port });
fake.webhookUrl = `${app}/api/v1/giving/webhooks/paystack/`;
console.log(`fake Paystack on ${fake.url}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
