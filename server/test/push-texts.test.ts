import { describe, expect, it } from 'vitest';
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
});
