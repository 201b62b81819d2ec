// The SMTP mailer against a tiny in-process SMTP server: the conversation, authentication and the
// message as delivered (dot-stuffing, headers without injected line breaks).
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { smtpMailer } from '../../src/server/mail/smtp';

function fakeSmtp() {
  const received: { commands: string[]; data: string } = { commands: [], data: '' };
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else received.data += line + '\n';
          continue;
        }
        received.commands.push(line);
        if (line.startsWith('EHLO')) socket.write('250-fake\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n');
        else if (line.startsWith('AUTH PLAIN')) socket.write('235 ok\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
}

describe('SMTP mailer', () => {
  it('delivers a message with AUTH PLAIN and dot-stuffing', async () => {
    const { server, received } = fakeSmtp();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const mailer = smtpMailer(`smtp://church:s%40cret@127.0.0.1:${port}`, 'office@gracechapel.example.org');
    await mailer.send({
      to: 'ama@example.org',
      subject: 'Reset\r\nBcc: evil@example.org',
      text: 'Line one\n.hidden dot line\nhttps://x/reset?token=abc',
    });
    server.close();
    expect(received.commands[0]).toBe('EHLO localhost');
    expect(received.commands).toContain(`AUTH PLAIN ${Buffer.from('\0church\0s@cret').toString('base64')}`);
    expect(received.commands).toContain('MAIL FROM:<office@gracechapel.example.org>');
    expect(received.commands).toContain('RCPT TO:<ama@example.org>');
    expect(received.data).toContain('Subject: Reset Bcc: evil@example.org\n');
    expect(received.data).not.toMatch(/^Bcc:/m);
    expect(received.data).toContain('\n..hidden dot line\n');
    expect(received.data).toContain('token=abc');
  });

  it('rejects when the server refuses', async () => {
    const server = createServer((s) => s.end('554 no service\r\n'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    await expect(
      smtpMailer(`smtp://127.0.0.1:${port}`).send({ to: 'a@b.org', subject: 's', text: 't' }),
    ).rejects.toThrow(/554/);
    server.close();
  });
});
