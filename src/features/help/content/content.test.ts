import { describe, expect, it } from 'vitest';
import { HelpFacts } from '../../../../protocol/help/help';
import { ONE_ON_ONE_CREDIT_PER_MINUTE } from '../../../../protocol/realtime';
import { FAQ, HOWITWORK_NAV, helpDoc, SERVICE_INTRO, SERVICE_NAV } from './index';
import type { HelpBlock } from './types';

const textOf = (blocks: readonly HelpBlock[]): string =>
  blocks
    .map((b) =>
      typeof b === 'string'
        ? b
        : 'list' in b
          ? b.list.join(' ')
          : 'steps' in b
            ? b.steps.join(' ')
            : 'note' in b
              ? b.note
              : b.link.label,
    )
    .join(' ');

describe('help content', () => {
  it('has a page for every route of spec 002 §2', () => {
    const intro = [
      'public-broadcast',
      'one-on-one',
      'schedule',
      'premium-video',
      'say-hi',
      'greeting-mail',
      'mail',
      'chat',
      'hang-out',
      'gifts-and-flowers',
      'call-service',
    ];
    expect(SERVICE_NAV.map((n) => n.path)).toEqual(intro.map((p) => `/help/service-intro/${p}`));
    for (const page of ['works', 'policy', 'tc', 'aboutus', 'risk_disclosure']) {
      expect(helpDoc(`/howitwork/${page}`)?.sections.length, page).toBeGreaterThan(0);
    }
    expect(HOWITWORK_NAV.map((n) => n.path)).toContain('/howitwork/faq/0');
    expect(FAQ.length).toBeGreaterThan(1);
    for (const category of FAQ) expect(category.items.length).toBeGreaterThan(0);
  });

  it("quotes the spec's prices from protocol constants", () => {
    const text = (path: string) => (helpDoc(path)?.sections ?? []).map((s) => textOf(s.blocks)).join(' ');
    expect(text('/help/service-intro/one-on-one')).toContain(
      `${ONE_ON_ONE_CREDIT_PER_MINUTE.toFixed(2)} credits per minute`,
    );
    expect(text('/help/service-intro/public-broadcast')).toContain(
      `at most ${HelpFacts.premiumPublicMaxViewers} viewers, billed 0.05 credits per minute`,
    );
    expect(text('/help/service-intro/say-hi')).toContain(
      'Say Hi is free to send and to read the first response.',
    );
    expect(text('/help/service-intro/mail')).toContain('0.80 credits or 1 post stamp');
    expect(text('/help/service-intro/premium-video')).toContain('Each video costs 1.60 credits, paid once.');
  });

  it('links only to pages of the app', () => {
    for (const doc of SERVICE_INTRO) {
      for (const section of doc.sections) {
        for (const block of section.blocks) {
          if (typeof block === 'object' && 'link' in block) expect(block.link.to).toMatch(/^\//);
        }
      }
    }
  });
});
