import { expect, test } from '@playwright/test';
import { openWorkspaceSection, signInAsBroadcaster, signInAsMember } from './helpers';

// A2007 (Camila) is a demo broadcaster: she answers a Say Hi by herself after a few seconds.
test('a member sends a free Say Hi, reads the response, meets the dialog, and finds the lists offline', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInAsMember(page, 'M1001');
  await page.goto('/#/anchor/A2007');
  const credits = await page.getByTestId('balance-credits').textContent();

  await page.getByTestId('action-say-hi').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Say Hi to Camila' })).toBeVisible();
  await expect(page.getByTestId('sayhi-left')).toContainText('You have 2 Say Hi left.');
  await page.getByLabel('Hello there! What makes you laugh the most?').check();
  await page.getByLabel('Night sky').check();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('sayhi-card')).toContainText('Hello there! What makes you laugh the most?');
  await expect(page.getByTestId('sayhi-card')).toContainText('To: Camila');
  await page.getByRole('button', { name: 'Send Say Hi' }).click();
  await expect(page.getByTestId('sayhi-success')).toContainText('Your Say Hi is on its way.');
  await expect(page.getByTestId('sayhi-success')).toContainText('You have 1 Say Hi left.');
  // Free: the balance did not move.
  await expect(page.getByTestId('balance-credits')).toHaveText(credits ?? '');

  await page.getByRole('link', { name: 'Waiting for reply' }).first().click();
  await expect(page).toHaveURL(/#\/wait\/sayhiwaitreply$/);
  const waiting = page.getByTestId('sayhi-row').filter({ hasText: 'Camila' });
  await expect(waiting).toContainText('Waiting for reply');

  // Her answer arrives over the socket: the responses list shows it without a reload.
  await page.getByRole('link', { name: 'Responses' }).click();
  const answered = page.getByTestId('sayhi-row').filter({ hasText: 'Camila' });
  await expect(answered).toContainText('New response', { timeout: 45_000 });

  // 17408: a new Say Hi waits until he has read it; the dialog links to the list.
  await page.goto('/#/sayhisendindex?anchorid=A2019');
  const dialog = page.getByTestId('sayhi-dialog');
  await expect(dialog.getByRole('heading')).toHaveText(/^Can not send Say Hi to /);
  await expect(dialog).toContainText(
    'You have Say Hi responses you have not read yet. Please read them first.',
  );
  await dialog.getByRole('link', { name: 'Read your Say Hi responses' }).click();
  await expect(page).toHaveURL(/#\/sayhilistindex\/all$/);

  await page.getByTestId('sayhi-row').filter({ hasText: 'Camila' }).click();
  await expect(page.getByTestId('sayhi-response')).toContainText('James');
  await expect(page.getByTestId('sayhi-detail')).toContainText('Reading the first response is free.');
  await expect(page.getByTestId('balance-credits')).toHaveText(credits ?? '');

  // 17404: one Say Hi per broadcaster; the dialog links to it and offers a quick follow.
  await page.goto('/#/sayhisendindex?anchorid=A2007');
  await expect(dialog.getByRole('heading')).toHaveText('Can not send Say Hi to Camila');
  await expect(page.getByTestId('sayhi-dialog-message')).toHaveText(
    'You have already sent a Say Hi to Camila.',
  );
  await dialog.getByRole('button', { name: 'Follow Camila' }).click();
  await expect(page.getByTestId('sayhi-follow')).toContainText('You follow Camila');
  await dialog.getByTestId('sayhi-dialog-view').click();
  await expect(page).toHaveURL(/#\/sayhidetail\?sayid=SH/);
  await expect(page.getByTestId('sayhi-response')).toBeVisible();
  // The follow took: her profile says Following (and the test leaves her unfollowed again).
  await page.goto('/#/anchor/A2007');
  const follow = page.getByTestId('follow-toggle');
  await expect(follow).toHaveText('Following');
  await follow.click();
  await expect(follow).toHaveText('Follow');

  // Offline: the lists saved on this device still show, marked as saved.
  await page.goto('/#/sayhilistindex/all');
  await expect(page.getByTestId('sayhi-row').filter({ hasText: 'Camila' })).toContainText('Response read');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('sayhi-row').filter({ hasText: 'Camila' })).toBeVisible();
  await expect(page.getByTestId('sayhi-stale')).toContainText('You are offline.');
  await context.setOffline(false);
});

test('a broadcaster answers a Say Hi from her workspace and the member sees it at once', async ({
  page,
  browser,
}) => {
  await signInAsMember(page, 'M1001');
  await page.goto('/#/sayhisendindex?anchorid=A2001');
  await expect(page.getByRole('heading', { level: 1, name: 'Say Hi to Olena' })).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Send Say Hi' }).click();
  await expect(page.getByTestId('sayhi-success')).toBeVisible();
  await page.goto('/#/sayhilistindex/waithasdata');
  await expect(page.getByTestId('sayhi-list-waithasdata')).toBeVisible();

  const ladyContext = await browser.newContext();
  const lady = await ladyContext.newPage();
  await signInAsBroadcaster(lady, 'A2001');
  await openWorkspaceSection(lady, 'Messages', 'messages');
  const panel = lady.getByTestId('lady-sayhi');
  const item = panel.getByRole('listitem').filter({ hasText: 'James' });
  // Typed text stays text: markup is shown as written, never run.
  await item.getByRole('textbox').fill('Hi James! <b>Nice</b> to meet you.');
  await item.getByRole('button', { name: 'Respond' }).click();
  await expect(item).toContainText('Answered');
  await ladyContext.close();

  const row = page.getByTestId('sayhi-row').filter({ hasText: 'Olena' });
  await expect(row).toContainText('New response');
  await row.click();
  await expect(page.getByTestId('sayhi-response')).toHaveText('Hi James! <b>Nice</b> to meet you.');
});
