/**
 * Customer care, news and the operator console through the real HTTP API and socket: a member
 * writes with a screenshot (kept without its camera metadata), the care team answers, he is told
 * on the socket and reads the answer (unread goes back to 0); another member cannot read his thread
 * or its screenshot; a member is refused the console's calls; a `content` operator's news edit shows
 * to members, and an operator without `content` cannot edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARE_ANSWER_EVENT,
  CareApi,
  type CareList,
  type CareThread,
  type CareUploadAnswer,
} from '../../../protocol/care/care';
import { Errno } from '../../../protocol/errors';
import { NewsApi, type NewsPage, type NewsSummary } from '../../../protocol/news/news';
import {
  OPERATOR_ROLES,
  OperatorApi,
  OperatorErrno,
  type OperatorMe,
} from '../../../protocol/operator/operator';
import { type Client, startServer, type TestServer } from '../harness';
import { cameraPhoto, expectClean } from '../images';

let server: TestServer;
let member: Client;
let other: Client;
/** The demo operator (every role, as development tools give him). */
let care: Client;
/** An operator with `support` only. */
let supportOnly: Client;

beforeAll(async () => {
  server = await startServer({
    config: { operatorRoles: { M9001: [...OPERATOR_ROLES], M1004: ['support'] } },
  });
  member = await server.loginAs('M1001');
  other = await server.loginAs('M1002');
  care = await server.loginAs('M9001');
  supportOnly = await server.loginAs('M1004');
});
afterAll(() => server?.close());

async function uploadScreenshot(c: Client, body: Buffer) {
  const response = await fetch(c.url(CareApi.uploadScreenshot), {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: new Uint8Array(body),
  });
  return (await response.json()) as { errno: number; data: CareUploadAnswer };
}

describe('customer care', () => {
  let threadId = 0;

  it('a member writes with a screenshot, care answers, he is told and reads the answer', async () => {
    const upload = await uploadScreenshot(member, await cameraPhoto());
    expect(upload.errno).toBe(0);
    const created = await member.call<CareThread>(CareApi.create, {
      subject: 'My credits did not arrive',
      category: 'payment',
      message: 'I paid for a pack an hour ago.',
      upload_id: upload.data.upload_id,
    });
    threadId = created.thread_id;
    expect(created.status).toBe('open');
    const shot = created.messages[0]?.screenshot_url ?? '';
    expect(shot).not.toBe('');
    // The screenshot is kept upright and without the camera's metadata.
    const served = await member.get(shot);
    expect(served.status).toBe(200);
    await expectClean(Buffer.from(await served.arrayBuffer()));

    // Care sees it among the open threads, with the screenshot.
    const open = await care.call<{ list: { thread_id: number; member_id: string }[] }>(CareApi.operatorList, {
      status: 'open',
    });
    expect(open.list.find((t) => t.thread_id === threadId)?.member_id).toBe('M1001');
    expect((await care.get(shot)).status).toBe(200);

    const socket = await server.socketFor(member);
    try {
      const told = socket.waitFor((m) => m.route === CARE_ANSWER_EVENT);
      const answered = await care.call<CareThread>(CareApi.operatorReply, {
        thread_id: threadId,
        message: 'The credits are in your account now.',
      });
      expect(answered.status).toBe('answered');
      expect((await told).req_data).toMatchObject({ thread_id: threadId, unread: 1 });
    } finally {
      socket.close();
    }
    expect((await member.call<{ unread: number }>(CareApi.unread)).unread).toBe(1);
    const list = await member.call<CareList>(CareApi.list);
    expect(list.unread).toBe(1);
    const thread = await member.call<CareThread>(CareApi.thread, { thread_id: threadId });
    expect(thread.messages.map((m) => [m.author, m.body])).toEqual([
      ['member', 'I paid for a pack an hour ago.'],
      ['care', 'The credits are in your account now.'],
    ]);
    expect((await member.call<{ unread: number }>(CareApi.unread)).unread).toBe(0);

    // His reply reopens it; care closes it.
    const replied = await member.call<CareThread>(CareApi.reply, {
      thread_id: threadId,
      message: 'Thank you!',
    });
    expect(replied.status).toBe('open');
    expect((await care.call<CareThread>(CareApi.operatorClose, { thread_id: threadId })).status).toBe(
      'closed',
    );
  });

  it('another member can neither read nor answer his thread, nor see its screenshot', async () => {
    const read = await other.form(CareApi.thread, { thread_id: threadId });
    expect(read.body.errno).toBe(Errno.NOT_FOUND);
    const reply = await other.form(CareApi.reply, { thread_id: threadId, message: 'hi' });
    expect(reply.body.errno).toBe(Errno.NOT_FOUND);
    const mine = await member.call<CareThread>(CareApi.thread, { thread_id: threadId });
    const shot = mine.messages[0]?.screenshot_url ?? '';
    expect((await other.get(shot)).status).toBe(404);
    expect((await other.call<CareList>(CareApi.list)).list).toEqual([]);
  });

  it('refuses an upload id that is not his, and a picture that is not one', async () => {
    const upload = await uploadScreenshot(member, await cameraPhoto(40));
    const stolen = await other.form(CareApi.create, {
      subject: 'x',
      category: 'other',
      message: 'x',
      upload_id: upload.data.upload_id,
    });
    expect(stolen.body.errno).toBe(10652);
    const bad = await uploadScreenshot(member, Buffer.from('<html>not a picture</html>'.repeat(20)));
    expect(bad.errno).not.toBe(0);
  });

  it('takes at most five questions waiting for care at once', async () => {
    const busy = await server.loginAs('M1007');
    for (let n = 1; n <= 5; n++) {
      await busy.call(CareApi.create, { subject: `Question ${n}`, category: 'other', message: 'Hello' });
    }
    const sixth = await busy.form(CareApi.create, {
      subject: 'Question 6',
      category: 'other',
      message: 'Hello',
    });
    expect(sixth.body.errno).toBe(10651);
    expect((await busy.call<CareList>(CareApi.list)).list).toHaveLength(5);
  });

  it('refuses the console to a member and care calls to an operator without support', async () => {
    for (const path of [OperatorApi.me, CareApi.operatorList, NewsApi.operatorList]) {
      expect((await member.form(path)).body.errno).toBe(Errno.NOT_OPERATOR);
    }
    const me = await supportOnly.call<OperatorMe>(OperatorApi.me);
    expect(me.roles).toEqual(['support']);
    expect(me.dev_links).toEqual([]);
    const full = await care.call<OperatorMe>(OperatorApi.me);
    expect(full.dev_links.map((l) => l.href)).toEqual(['/dev/sms-outbox', '/dev/mail-outbox']);
  });
});

describe('news', () => {
  it('seeds the ten pages and shows a content edit to members', async () => {
    const list = await member.call<{ list: NewsSummary[] }>(NewsApi.list);
    expect(list.list).toHaveLength(10);
    const before = await member.call<NewsPage>(NewsApi.page, { slug: 'whatsnew' });
    expect(before.title).toBe("What's new on Glimmer");

    const saved = await care.call<NewsPage>(NewsApi.operatorSave, {
      slug: 'whatsnew',
      title: 'Spring on Glimmer',
      summary: 'New shows every evening.',
      body: 'Shows every evening this spring.',
      published: 1,
    });
    expect(saved.title).toBe('Spring on Glimmer');
    expect((await member.call<NewsPage>(NewsApi.page, { slug: 'whatsnew' })).body).toBe(
      'Shows every evening this spring.',
    );

    // Unpublished, members no longer find it.
    await care.call(NewsApi.operatorSave, { slug: 'special6', title: 'Draft', body: 'Soon.', published: 0 });
    expect((await member.form(NewsApi.page, { slug: 'special6' })).body.errno).toBe(Errno.NOT_FOUND);
    expect((await member.call<{ list: NewsSummary[] }>(NewsApi.list)).list).toHaveLength(9);
  });

  it('refuses news edits without the content role, and an image from another site', async () => {
    const refused = await supportOnly.form(NewsApi.operatorSave, {
      slug: 'whatsnew',
      title: 'Hacked',
      body: 'x',
      published: 1,
    });
    expect(refused.body.errno).toBe(OperatorErrno.NO_ROLE);
    const member_ = await member.form(NewsApi.operatorSave, {
      slug: 'whatsnew',
      title: 'x',
      body: 'x',
      published: 1,
    });
    expect(member_.body.errno).toBe(Errno.NOT_OPERATOR);
    const foreign = await care.form(NewsApi.operatorSave, {
      slug: 'whatsnew',
      title: 'x',
      body: 'x',
      image_url: 'https://evil.example/x.png',
      published: 1,
    });
    expect(foreign.body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await member.call<NewsPage>(NewsApi.page, { slug: 'whatsnew' })).title).toBe('Spring on Glimmer');
  });
});
