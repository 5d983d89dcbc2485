import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInAsMember } from './helpers';

/**
 * A member reads a news page, writes to Customer Care with a screenshot; the demo operator signs
 * in, answers in the console; the member is told (the footer's badge) and reads the answer.
 */
test('a member reads the news, asks Customer Care with a screenshot, and reads the operator answer', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const memberContext = await browser.newContext();
  const operatorContext = await browser.newContext();
  const member = await memberContext.newPage();
  const operator = await operatorContext.newPage();
  try {
    await signInAsMember(member, 'M1003');
    // News: the main navigation's News, then one page.
    await member.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();
    await member
      .getByTestId('news-list')
      .getByRole('link', { name: /Year-end promotion/ })
      .click();
    await expect(member).toHaveURL(/#\/newsandmedia\/yearendp$/);
    const article = member.getByTestId('news-article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText('Year-end promotion');
    await expect(article.getByRole('link', { name: 'Add credits' })).toHaveAttribute(
      'href',
      '/nx/page/Payment/checkout',
    );

    // Customer Care from the footer: a question with a screenshot.
    await member.getByTestId('footer-care').click();
    await expect(member.getByRole('heading', { level: 1, name: 'Customer Care' })).toBeVisible();
    await member.getByTestId('care-subject').fill('The live room froze');
    await member.getByTestId('care-category').selectOption('technical');
    await member.getByTestId('care-message').fill('The video stopped after a minute. Screenshot attached.');
    const png = await sharp({
      create: { width: 390, height: 240, channels: 3, background: { r: 30, g: 20, b: 60 } },
    })
      .png()
      .toBuffer();
    await member
      .getByTestId('care-screenshot')
      .setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: png });
    await expect(member.getByText('Attached: room.png')).toBeVisible();
    await member.getByTestId('care-send').click();
    const thread = member.getByTestId('care-thread');
    await expect(thread.getByRole('heading', { name: 'The live room froze' })).toBeVisible();
    await expect(thread.getByRole('img', { name: 'Attached screenshot' })).toBeVisible();
    await expect(thread).toContainText('Waiting for Customer Care');
    await member.getByRole('link', { name: 'All questions' }).click();
    await expect(member.getByTestId('care-list')).toContainText('The live room froze');

    // The operator answers in the console.
    await signInAsMember(operator, 'M9001');
    await operator.goto('/#/operator');
    await expect(operator.getByTestId('operator-console')).toBeVisible();
    await operator
      .getByTestId('op-care-list')
      .getByRole('link', { name: /The live room froze/ })
      .first()
      .click();
    const opThread = operator.getByTestId('op-care-thread');
    await expect(opThread.getByRole('img', { name: 'Attached screenshot' })).toBeVisible();
    await operator.getByTestId('op-care-answer').fill('Thanks: we restarted the room. Please try again.');
    await operator.getByTestId('op-care-send').click();
    await expect(opThread).toContainText('Answered');

    // The member is told at once, and reads the answer.
    await expect(member.getByTestId('footer-care').locator('.badge')).toHaveText('1');
    await member
      .getByTestId('care-list')
      .getByRole('link', { name: /The live room froze/ })
      .click();
    await expect(member.getByTestId('care-thread')).toContainText(
      'Thanks: we restarted the room. Please try again.',
    );
    await expect(member.getByTestId('footer-care').locator('.badge')).toHaveCount(0);
  } finally {
    await memberContext.close();
    await operatorContext.close();
  }
});
