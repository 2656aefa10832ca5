import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WITHDRAW_REASONS } from '../../contract/withdraw-reasons.js';
import { noticeText } from '../src/modules/push/texts.js';

describe("a withdrawal's notice", () => {
  it('says its amount in the member’s currency and language; one told before it carried the amount, without', () => {
    expect(noticeText({ kind: 'withdraw', status: 'SUCCESS', amount: 1500 }, 'en', 'BAHT')).toEqual({
      title: 'Withdrawal paid',
      body: '1,500.00 baht is on its way to your bank account.',
      url: '/user/statement',
    });
    expect(noticeText({ kind: 'withdraw', status: 'FAILED', amount: 200_000 }, 'la', 'LAK')?.body).toBe(
      '200,000 ກີບ ກັບເຂົ້າກະເປົາຂອງທ່ານແລ້ວ. ເປີດແອັບເພື່ອເບິ່ງລາຍລະອຽດ',
    );
    expect(noticeText({ kind: 'withdraw', status: 'FAILED' }, 'th', 'BAHT')?.body).toBe('เงินกลับเข้ากระเป๋าของคุณแล้ว เปิดแอปเพื่อดูรายละเอียด');
  });

  it('says why a rejection was, in the words the site uses for it in each language', () => {
    expect(noticeText({ kind: 'withdraw', status: 'FAILED', amount: 150, reason: 'WITHDRAW_NAME_MISMATCH' }, 'en', 'BAHT')).toEqual({
      title: 'Withdrawal rejected',
      body: '150.00 baht is back in your wallet. The name on your bank account does not match the name you registered. Please contact support.',
      url: '/user/statement',
    });
    // each reason, each language: the site's own sentence for that reason (src/lib/statement-text/withdraw-reasons.ts)
    // and its translation (src/locales/<lang>/member.po)
    const source = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../../src', file), 'utf8');
    const siteWords = source('lib/statement-text/withdraw-reasons.ts');
    const unquoted = (text: string) => text.replaceAll('\\"', '"');
    const translated = (po: string, english: string) =>
      [...po.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)].find(([, id]) => unquoted(id!) === english)?.[2];
    for (const reason of WITHDRAW_REASONS) {
      const english = new RegExp(`${reason}: msg\`(.*)\``).exec(siteWords)?.[1];
      expect([reason, english]).toEqual([reason, expect.any(String)]);
      expect(noticeText({ kind: 'withdraw', status: 'FAILED', amount: 1, reason }, 'en', 'BAHT')!.body).toBe(
        `1.00 baht is back in your wallet. ${english}`,
      );
      for (const lang of ['th', 'la'] as const) {
        const why = translated(source(`locales/${lang}/member.po`), english!);
        expect([reason, lang, why]).toEqual([reason, lang, expect.any(String)]);
        expect(noticeText({ kind: 'withdraw', status: 'FAILED', amount: 1, reason }, lang, 'LAK')!.body).toContain(why);
      }
    }
    // one told without its amount says why alone
    expect(noticeText({ kind: 'withdraw', status: 'FAILED', reason: 'WITHDRAW_TURNOVER' }, 'en', 'BAHT')!.body).toBe(
      'You have not reached your bonus turnover yet: play it through, then withdraw again.',
    );
  });
});
