/** His profile photo sent as the page sends it (the raw bytes), for the profile and account tests. */
import { expect } from 'vitest';
import { type MemberProfileData, ProfileApi } from '../../../protocol/profile/profile';
import type { Client } from '../harness';

export const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

export async function uploadMemberPhoto(c: Client, body: Buffer) {
  const response = await fetch(c.url(ProfileApi.uploadMemberPhoto), {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie: cookieOf(c) },
    body: new Uint8Array(body),
  });
  expect(response.status).toBeLessThan(500);
  return (await response.json()) as { errno: number; errmsg: string; data: MemberProfileData };
}
