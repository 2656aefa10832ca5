import type { MemberEvent } from '../../../../contract/member-events.js';
import type { Lang } from '../../../../contract/lang.js';
import type { Currency } from '../../ledger/money.js';
import { isWithdrawReason, type WithdrawReason } from '../../../../contract/withdraw-reasons.js';

/** A notification as the device shows it: its title, its line, and the screen a tap opens. */
export interface NoticeText {
  title: string;
  body: string;
  url: string;
}

type Words = Record<Lang, string>;

const UNIT: Record<Currency, Words> = {
  BAHT: { th: 'บาท', la: 'ບາດ', en: 'baht' },
  LAK: { th: 'กีบ', la: 'ກີບ', en: 'kip' },
};

/**
 * Why a withdrawal was rejected (contract/withdraw-reasons.ts), in the site's own words for it
 * (src/lib/statement-text/withdraw-reasons.ts and its catalogs), so the notice says what the statement says.
 */
const WITHDRAW_WHY: Record<WithdrawReason, Words> = {
  WITHDRAW_NAME_MISMATCH: {
    th: 'ชื่อบัญชีธนาคารของคุณไม่ตรงกับชื่อที่ลงทะเบียนไว้ กรุณาติดต่อเจ้าหน้าที่',
    la: 'ຊື່ບັນຊີທະນາຄານຂອງທ່ານບໍ່ກົງກັບຊື່ທີ່ລົງທະບຽນໄວ້ ກະລຸນາຕິດຕໍ່ພະນັກງານ',
    en: 'The name on your bank account does not match the name you registered. Please contact support.',
  },
  WITHDRAW_ACCOUNT_UNREACHABLE: {
    th: 'บัญชีธนาคารของคุณรับเงินโอนไม่ได้ (ปิดบัญชี ถูกอายัด หรือเลขบัญชีไม่ถูกต้อง) กรุณาติดต่อเจ้าหน้าที่',
    la: 'ບັນຊີທະນາຄານຂອງທ່ານຮັບເງິນໂອນບໍ່ໄດ້ (ປິດບັນຊີ, ຖືກອາຍັດ ຫຼື ເລກບັນຊີບໍ່ຖືກຕ້ອງ) ກະລຸນາຕິດຕໍ່ພະນັກງານ',
    en: 'Your bank account could not receive the transfer (closed, frozen or a wrong number). Please contact support.',
  },
  WITHDRAW_TURNOVER: {
    th: 'ยังทำเทิร์นโอเวอร์ของโบนัสไม่ครบ เล่นให้ครบแล้วถอนใหม่อีกครั้ง',
    la: 'ຍັງເຮັດເທີນໂອເວີຂອງໂບນັດບໍ່ຄົບ ຫຼິ້ນໃຫ້ຄົບແລ້ວຖອນໃໝ່ອີກຄັ້ງ',
    en: 'You have not reached your bonus turnover yet: play it through, then withdraw again.',
  },
  WITHDRAW_ASK_SUPPORT: {
    th: 'กรุณาติดต่อเจ้าหน้าที่เพื่อสอบถามเหตุผล',
    la: 'ກະລຸນາຕິດຕໍ່ພະນັກງານເພື່ອສອບຖາມເຫດຜົນ',
    en: 'Please contact support to learn why.',
  },
};

/** The amount as the site writes it: grouped, Latin digits, 2 decimals for baht and none for kip, then the unit. */
export function amountText(amount: number, currency: Currency, lang: Lang): string {
  const digits = currency === 'BAHT' ? 2 : 0;
  const number = new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
  return `${number} ${UNIT[currency][lang]}`;
}

const TEXTS = {
  credited: { th: 'เติมเงินเข้าแล้ว', la: 'ເງິນຝາກເຂົ້າແລ້ວ', en: 'Deposit credited' },
  inWallet: { th: '{amount} อยู่ในกระเป๋าของคุณแล้ว', la: '{amount} ຢູ່ໃນກະເປົາຂອງທ່ານແລ້ວ', en: '{amount} is in your wallet.' },
  slipFailed: { th: 'สลิปไม่ผ่าน', la: 'ສະລິບບໍ່ຜ່ານ', en: 'Slip not credited' },
  slipFailedBody: {
    th: 'เปิดแอปเพื่อดูเหตุผลและสิ่งที่ต้องทำ',
    la: 'ເປີດແອັບເພື່ອເບິ່ງເຫດຜົນ ແລະ ສິ່ງທີ່ຕ້ອງເຮັດ',
    en: 'Open the app to see why and what to do.',
  },
  withdrawPaid: { th: 'ถอนเงินสำเร็จ', la: 'ຖອນເງິນສຳເລັດ', en: 'Withdrawal paid' },
  withdrawPaidBody: {
    th: 'เงินกำลังเข้าบัญชีธนาคารของคุณ',
    la: 'ເງິນກຳລັງເຂົ້າບັນຊີທະນາຄານຂອງທ່ານ',
    en: 'The money is on its way to your bank account.',
  },
  withdrawPaidAmount: {
    th: '{amount} กำลังเข้าบัญชีธนาคารของคุณ',
    la: '{amount} ກຳລັງເຂົ້າບັນຊີທະນາຄານຂອງທ່ານ',
    en: '{amount} is on its way to your bank account.',
  },
  withdrawRejected: { th: 'การถอนเงินถูกปฏิเสธ', la: 'ການຖອນເງິນຖືກປະຕິເສດ', en: 'Withdrawal rejected' },
  withdrawRejectedAmount: {
    th: '{amount} กลับเข้ากระเป๋าของคุณแล้ว เปิดแอปเพื่อดูรายละเอียด',
    la: '{amount} ກັບເຂົ້າກະເປົາຂອງທ່ານແລ້ວ. ເປີດແອັບເພື່ອເບິ່ງລາຍລະອຽດ',
    en: '{amount} is back in your wallet. Open the app for details.',
  },
  withdrawRejectedBody: {
    th: 'เงินกลับเข้ากระเป๋าของคุณแล้ว เปิดแอปเพื่อดูรายละเอียด',
    la: 'ເງິນກັບເຂົ້າກະເປົາຂອງທ່ານແລ້ວ. ເປີດແອັບເພື່ອເບິ່ງລາຍລະອຽດ',
    en: 'The money is back in your wallet. Open the app for details.',
  },
  withdrawRejectedWhy: {
    th: '{amount} กลับเข้ากระเป๋าของคุณแล้ว {why}',
    la: '{amount} ກັບເຂົ້າກະເປົາຂອງທ່ານແລ້ວ. {why}',
    en: '{amount} is back in your wallet. {why}',
  },
  transferDone: { th: 'โอนเงินสำเร็จ', la: 'ໂອນເງິນສຳເລັດ', en: 'Transfer completed' },
  transferDoneBody: {
    th: 'รายการโอนที่รอผู้ให้บริการเกมสำเร็จแล้ว',
    la: 'ລາຍການໂອນທີ່ລໍຖ້າຜູ້ໃຫ້ບໍລິການເກມສຳເລັດແລ້ວ',
    en: 'Your transfer that was waiting for the game provider went through.',
  },
  transferReturned: { th: 'คืนเงินรายการโอนแล้ว', la: 'ຄືນເງິນລາຍການໂອນແລ້ວ', en: 'Transfer returned' },
  transferReturnedBody: {
    th: 'รายการโอนไม่สำเร็จ เงินกลับคืนที่เดิมแล้ว',
    la: 'ລາຍການໂອນບໍ່ສຳເລັດ, ເງິນກັບຄືນບ່ອນເດີມແລ້ວ',
    en: 'Your transfer did not go through: the money is back where it came from.',
  },
  chat: { th: 'ฝ่ายบริการตอบกลับแล้ว', la: 'ຝ່າຍບໍລິການຕອບກັບແລ້ວ', en: 'Support replied' },
  chatBody: { th: 'เปิดแชทเพื่ออ่านข้อความ', la: 'ເປີດແຊັດເພື່ອອ່ານຂໍ້ຄວາມ', en: 'Open the chat to read it.' },
} satisfies Record<string, Words>;

/** What a notice says in `lang` (its amounts in the member's currency); undefined for an event that is no notice. */
export function noticeText(event: MemberEvent, lang: Lang, currency: Currency): NoticeText | undefined {
  const credited = (amount: number): NoticeText => ({
    title: TEXTS.credited[lang],
    body: TEXTS.inWallet[lang].replace('{amount}', amountText(amount, currency, lang)),
    url: '/user/home',
  });
  switch (event.kind) {
    case 'credit':
      return credited(event.amount);
    case 'qr':
      return event.status === 'PAID' ? credited(event.amount) : undefined;
    case 'slip':
      if (event.status === 'SUCCESS') return credited(event.amount);
      if (event.status === 'FAILED') return { title: TEXTS.slipFailed[lang], body: TEXTS.slipFailedBody[lang], url: '/user/statement' };
      return undefined;
    case 'withdraw': {
      // the amount, where the event carries it (those told before did not)
      const said = event.amount === undefined ? undefined : amountText(event.amount, currency, lang);
      const body = (plain: Words, withAmount: Words) => (said ? withAmount[lang].replace('{amount}', said) : plain[lang]);
      return event.status === 'SUCCESS'
        ? { title: TEXTS.withdrawPaid[lang], body: body(TEXTS.withdrawPaidBody, TEXTS.withdrawPaidAmount), url: '/user/statement' }
        : {
            title: TEXTS.withdrawRejected[lang],
            // why, where the event says (rejections since 2026-12-02, which all carry their amount)
            body: isWithdrawReason(event.reason)
              ? said
                ? TEXTS.withdrawRejectedWhy[lang].replace('{amount}', said).replace('{why}', WITHDRAW_WHY[event.reason][lang])
                : WITHDRAW_WHY[event.reason][lang]
              : body(TEXTS.withdrawRejectedBody, TEXTS.withdrawRejectedAmount),
            url: '/user/statement',
          };
    }
    case 'transfer':
      return event.status === 'SETTLED'
        ? { title: TEXTS.transferDone[lang], body: TEXTS.transferDoneBody[lang], url: '/user/home' }
        : { title: TEXTS.transferReturned[lang], body: TEXTS.transferReturnedBody[lang], url: '/user/home' };
    case 'chat':
      return { title: TEXTS.chat[lang], body: TEXTS.chatBody[lang], url: '/user/contact' };
    default:
      return undefined;
  }
}
