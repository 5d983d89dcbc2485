import { describe, expect, it } from 'vitest';
import { ADD_CREDIT_PAGE, ADD_CREDIT_QUERY_KEYS } from '../../../protocol/payments/payments';
import { addCreditUrl, readAddCreditQuery, sameSiteUrl } from './add-credit-url';

const queryOf = (url: string) => new URL(url, 'https://glimmer.test').searchParams;

describe('addCreditUrl', () => {
  it('names every parameter of the spec, in its order, with the defaults', () => {
    const url = addCreditUrl();
    expect(url.startsWith(`${ADD_CREDIT_PAGE}?`)).toBe(true);
    const query = queryOf(url);
    expect([...query.keys()]).toEqual([...ADD_CREDIT_QUERY_KEYS]);
    expect(Object.fromEntries(query)).toEqual({
      target: '/payment/live_purchase.php',
      channel: '',
      pageContent: '',
      clickFrom: 'A01',
      orderType: '7',
      promotion: '',
      pageStyle: '1',
      number: '',
      orderno: '',
      backtoUrl: '',
      referer: '',
    });
  });

  it('targets the checkout for any order type but 7, and carries what the caller names', () => {
    const query = queryOf(
      addCreditUrl({
        page: '/custom/add-credit',
        orderType: 3,
        clickFrom: 'B07',
        backtoUrl: 'https://glimmer.test/#/showorder/schs?x=1&y=2',
        referer: '/#/showorder/schs',
      }),
    );
    expect(query.get('target')).toBe('/payment/checkout.php');
    expect(query.get('orderType')).toBe('3');
    expect(query.get('clickFrom')).toBe('B07');
    expect(query.get('backtoUrl')).toBe('https://glimmer.test/#/showorder/schs?x=1&y=2');
    expect(query.get('referer')).toBe('/#/showorder/schs');
    expect(addCreditUrl({ page: '/custom/add-credit' }).startsWith('/custom/add-credit?')).toBe(true);
  });
});

describe('readAddCreditQuery', () => {
  it('fills the defaults and reads numbers the router has already parsed', () => {
    expect(readAddCreditQuery({})).toMatchObject({
      orderType: 7,
      clickFrom: 'A01',
      pageStyle: 1,
      orderno: '',
    });
    expect(readAddCreditQuery({ orderType: 2, pageStyle: '2', orderno: 1234 })).toMatchObject({
      orderType: 2,
      target: '/payment/checkout.php',
      pageStyle: 2,
      orderno: '1234',
    });
    expect(readAddCreditQuery({ orderType: 'x', pageStyle: -1 })).toMatchObject({
      orderType: 7,
      pageStyle: 1,
    });
  });
});

describe('sameSiteUrl', () => {
  it('keeps addresses on this site and drops the rest', () => {
    const origin = 'https://glimmer.test';
    expect(sameSiteUrl('/#/masterlist', origin)).toBe('https://glimmer.test/#/masterlist');
    expect(sameSiteUrl('https://glimmer.test/#/x', origin)).toBe('https://glimmer.test/#/x');
    expect(sameSiteUrl('https://evil.test/', origin)).toBe('');
    expect(sameSiteUrl('//evil.test/', origin)).toBe('');
    expect(sameSiteUrl('javascript:alert(1)', origin)).toBe('');
    expect(sameSiteUrl('', origin)).toBe('');
  });
});
