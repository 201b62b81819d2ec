// A small SMTP mailer (no dependency): SMTP_URL=smtp://user:pass@host:587 (STARTTLS when the server
// offers it) or smtps://user:pass@host:465 (TLS from the start); MAIL_FROM sets the sender.
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { randomUUID } from 'node:crypto';
import type { MailMessage, Mailer } from './mailer';

const TIMEOUT_MS = 10_000;

/** Reads SMTP replies (multi-line "250-..." then "250 ...") one at a time. */
class Replies {
  private buffer = '';
  private waiting: Array<(r: { code: number; text: string }) => void> = [];
  private ready: Array<{ code: number; text: string }> = [];
  private lines: string[] = [];
  constructor(socket: Socket | TLSSocket) {
    this.attach(socket);
  }
  attach(socket: Socket | TLSSocket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let i: number;
      while ((i = this.buffer.indexOf('\r\n')) >= 0) {
        const line = this.buffer.slice(0, i);
        this.buffer = this.buffer.slice(i + 2);
        this.lines.push(line);
        if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
          const reply = { code: Number(line.slice(0, 3)), text: this.lines.join('\n') };
          this.lines = [];
          const w = this.waiting.shift();
          if (w) w(reply);
          else this.ready.push(reply);
        }
      }
    });
  }
  next(): Promise<{ code: number; text: string }> {
    const r = this.ready.shift();
    return r ? Promise.resolve(r) : new Promise((resolve) => this.waiting.push(resolve));
  }
}

const header = (value: string) => value.replace(/[\r\n]+/g, ' ');

export function smtpMailer(url: string, from = process.env.MAIL_FROM || 'no-reply@localhost'): Mailer {
  const target = new URL(url);
  const implicitTls = target.protocol === 'smtps:';
  const port = Number(target.port || (implicitTls ? 465 : 587));
  const user = decodeURIComponent(target.username);
  const pass = decodeURIComponent(target.password);

  return {
    async send(message: MailMessage) {
      let socket: Socket | TLSSocket = implicitTls
        ? tlsConnect({ host: target.hostname, port, servername: target.hostname })
        : netConnect({ host: target.hostname, port });
      socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('SMTP timeout')));
      const failed = new Promise<never>((_, reject) => socket.once('error', reject));
      failed.catch(() => undefined);
      let replies = new Replies(socket);
      const expect = async (ok: number[]) => {
        const r = await Promise.race([replies.next(), failed]);
        if (!ok.includes(r.code)) throw new Error(`SMTP ${r.code}: ${r.text}`);
        return r;
      };
      const cmd = async (line: string, ok: number[]) => {
        socket.write(line + '\r\n');
        return expect(ok);
      };
      try {
        await expect([220]);
        let ehlo = await cmd('EHLO localhost', [250]);
        if (!implicitTls && /STARTTLS/i.test(ehlo.text)) {
          await cmd('STARTTLS', [220]);
          socket.removeAllListeners('data');
          socket = tlsConnect({ socket, servername: target.hostname });
          replies = new Replies(socket);
          socket.once('error', () => undefined);
          ehlo = await cmd('EHLO localhost', [250]);
        }
        if (user) await cmd(`AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString('base64')}`, [235]);
        await cmd(`MAIL FROM:<${header(from)}>`, [250]);
        await cmd(`RCPT TO:<${header(message.to)}>`, [250, 251]);
        await cmd('DATA', [354]);
        const body = message.text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
        const data = [
          `From: ${header(from)}`,
          `To: ${header(message.to)}`,
          `Subject: ${header(message.subject)}`,
          `Date: ${new Date().toUTCString()}`,
          `Message-ID: <${randomUUID()}@${target.hostname}>`,
          'MIME-Version: 1.0',
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
          '',
          body,
          '.',
        ].join('\r\n');
        await cmd(data, [250]);
        await cmd('QUIT', [221]).catch(() => undefined);
      } finally {
        socket.end();
      }
    },
  };
}
