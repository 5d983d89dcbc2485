/**
 * The SMTP adapter against a minimal SMTP server on this machine: the message arrives with the
 * sender, the recipient, and both a plain-text and an HTML part. And the configuration's rule that
 * mailed links need PUBLIC_ORIGIN.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { SmtpMailProvider } from './smtp';

let server: Server;
let port = 0;
const received: { from: string; to: string; data: string }[] = [];

beforeAll(async () => {
  server = createServer((socket) => {
    let from = '';
    let to = '';
    let data: string | undefined;
    let buffer = '';
    socket.write('220 localhost test SMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            received.push({ from, to, data });
            data = undefined;
            socket.write('250 OK queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 localhost\r\n');
        else if (/^MAIL FROM:/i.test(line)) {
          from = line.slice(10);
          socket.write('250 OK\r\n');
        } else if (/^RCPT TO:/i.test(line)) {
          to = line.slice(8);
          socket.write('250 OK\r\n');
        } else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
        end = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

it('sends a message with its plain-text and HTML parts over SMTP', async () => {
  const smtp = new SmtpMailProvider(
    `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    'Glimmer <no-reply@glimmer.test>',
  );
  await smtp.send({
    to: 'sam@example.com',
    userId: 'M10001',
    purpose: 'verify',
    subject: 'Confirm your email for Glimmer',
    text: 'Hello Sam, open https://glimmer.test/#/account/verify-email?token=x',
    html: '<p>Hello Sam</p>',
  });
  smtp.close();
  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail?.from).toContain('no-reply@glimmer.test');
  expect(mail?.to).toContain('sam@example.com');
  expect(mail?.data).toContain('Subject: Confirm your email for Glimmer');
  expect(mail?.data).toContain('Content-Type: text/plain');
  expect(mail?.data).toContain('Content-Type: text/html');
});

it('needs PUBLIC_ORIGIN when SMTP_URL is set', () => {
  expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(ConfigError);
  const config = loadConfig({
    SMTP_URL: 'smtp://mail.example.com:587',
    PUBLIC_ORIGIN: 'https://glimmer.example',
  });
  expect(config.mail.smtpUrl).toBe('smtp://mail.example.com:587');
  expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
});
