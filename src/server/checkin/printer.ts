// ZPL to a network label printer: a TCP connection to its host:port (9100, raw), the bytes written, closed. A
// printer that does not answer within the time is a failure told in words; the check-in stands either way.
import { Socket } from 'node:net';

export const PRINT_TIMEOUT_MS = 2000;

/** 'ok', or why the printer did not take the labels. */
export function sendToPrinter(printer: string, zpl: string, timeoutMs = PRINT_TIMEOUT_MS): Promise<string> {
  const at = printer.lastIndexOf(':');
  const host = printer.slice(0, at);
  const port = Number(printer.slice(at + 1));
  return new Promise((resolve) => {
    const socket = new Socket();
    let settled = false;
    const done = (result: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(`The printer at ${printer} did not answer.`));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      done(`The printer at ${printer} could not be reached (${err.code ?? err.message}).`),
    );
    socket.connect(port, host, () => socket.end(zpl, 'utf8', () => done('ok')));
  });
}
