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
    // each reason, each language: the site's own translation of the sentence (src/locales/<lang>/member.po)
    const catalog = (lang: string) => fs.readFileSync(path.resolve(import.meta.dirname, `../../src/locales/${lang}/member.po`), 'utf8');
    const translated = (po: string, english: string) =>
      new RegExp(`msgid "${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\nmsgstr "(.*)"`).exec(po)?.[1];
    for (const reason of WITHDRAW_REASONS) {
      const english = noticeText({ kind: 'withdraw', status: 'FAILED', amount: 1, reason }, 'en', 'BAHT')!.body.replace(
        '1.00 baht is back in your wallet. ',
        '',
      );
      for (const lang of ['th', 'la'] as const) {
        const why = translated(catalog(lang), english);
        expect([reason, lang, why]).toEqual([reason, lang, expect.any(String)]);
        expect(noticeText({ kind: 'withdraw', status: 'FAILED', amount: 1, reason }, lang, 'LAK')!.body).toContain(why);
      }
    }
  });
});
