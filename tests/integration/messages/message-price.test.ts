/**
 * The price of a private message is one configured value (MONEY_KEYS send_private_message_credit):
 * getUserConfig shows it, getUserAnchorInfo names it with the free messages left (what the composer
 * shows before he writes), and sendPrivateMessage charges exactly it once the 3 free ones are used.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  MessageApi,
  type SendPrivateMessageAnswer,
  type UserAnchorInfo,
} from '../../../protocol/messages/messages';
import { Api } from '../../../protocol/paths';
import { MONEY_KEY_DEFAULTS } from '../../../protocol/profile/settings';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    config: { moneyKeys: { ...MONEY_KEY_DEFAULTS, send_private_message_credit: 0.7 } },
  });
});
afterAll(async () => {
  await server?.close();
});

it('shows, names and charges the configured price after the free messages', async () => {
  const member = await server.sessionOf('M1003');
  const config = await member.call<{ send_private_message_credit: number }>(Api.getUserConfig);
  expect(config.send_private_message_credit).toBe(0.7);
  const info = () => member.call<UserAnchorInfo>(MessageApi.getUserAnchorInfo, { anchor_id: 'A2001' });
  expect(await info()).toMatchObject({ free_msg_left: 3, msg_credit: 0.7 });

  const sent: SendPrivateMessageAnswer[] = [];
  for (let i = 1; i <= 4; i++) {
    const answer = await member.form<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, {
      to_id: 'A2001',
      content: `message ${i}`,
    });
    expect(answer.body.errno).toBe(0);
    sent.push(answer.body.data as SendPrivateMessageAnswer);
  }
  expect(sent.map((s) => [s.free_left, s.msg.charge])).toEqual([
    [2, 0],
    [1, 0],
    [0, 0],
    [0, 0.7],
  ]);
  expect(sent[3]?.credit).toBe(sent[2]?.credit !== undefined ? sent[2].credit - 0.7 : Number.NaN);
  expect(await info()).toMatchObject({ free_msg_left: 0, msg_credit: 0.7 });
});
