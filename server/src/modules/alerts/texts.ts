import type { Lang } from '../../../../contract/lang.js';

/**
 * The alerts' words (issue 39): Thai by default (the operator's staff are Thai or Lao), Lao or English as an
 * admin picks. A text names the member by number only: an alert goes to a chat outside the wallet.
 */
type Words = Record<Lang, string>;

export const ALERT_TEXTS = {
  withdrawalWaiting: {
    th: 'มีรายการถอนเงินรอเกิน {minutes} นาที: {count} รายการ',
    la: 'ມີລາຍການຖອນເງິນລໍຖ້າເກີນ {minutes} ນາທີ: {count} ລາຍການ',
    en: 'Withdrawals waiting over {minutes} minutes: {count}',
  },
  slipQueue: {
    th: 'สลิปรอตรวจ {count} ใบ (เกิน {threshold})',
    la: 'ສະລິບລໍຖ້າກວດ {count} ໃບ (ເກີນ {threshold})',
    en: 'Slips waiting for review: {count} (over {threshold})',
  },
  depositRequests: {
    th: 'คำขอฝากเงินรอ {count} รายการ (เกิน {threshold})',
    la: 'ຄຳຂໍຝາກເງິນລໍຖ້າ {count} ລາຍການ (ເກີນ {threshold})',
    en: 'Deposit requests waiting: {count} (over {threshold})',
  },
  chatWaiting: {
    th: 'แชทรอตอบเกิน {minutes} นาที: {count} ห้อง',
    la: 'ແຊັດລໍຖ້າຕອບເກີນ {minutes} ນາທີ: {count} ຫ້ອງ',
    en: 'Chats waiting over {minutes} minutes: {count}',
  },
  providerDown: {
    th: 'ผู้ให้บริการ {provider} ไม่ตอบ {count} ครั้งในรอบล่าสุด',
    la: 'ຜູ້ໃຫ້ບໍລິການ {provider} ບໍ່ຕອບ {count} ເທື່ອໃນຮອບຫຼ້າສຸດ',
    en: 'Provider {provider} did not answer {count} times in the last pass',
  },
  sweepFailing: {
    th: 'งานเบื้องหลังล้มเหลว: {tasks}',
    la: 'ວຽກເບື້ອງຫຼັງລົ້ມເຫຼວ: {tasks}',
    en: 'Background sweep failing: {tasks}',
  },
  ledgerProblems: {
    th: 'ระบบบัญชีพบปัญหา {count} รายการ',
    la: 'ລະບົບບັນຊີພົບບັນຫາ {count} ລາຍການ',
    en: 'Ledger problems found: {count}',
  },
  largeWithdrawal: {
    th: 'ถอนเงินยอดสูง {amount} สมาชิกหมายเลข {member}',
    la: 'ຖອນເງິນຍອດສູງ {amount} ສະມາຊິກເລກ {member}',
    en: 'Large withdrawal {amount}, member no. {member}',
  },
  largeDeposit: {
    th: 'ฝากเงินยอดสูง {amount} สมาชิกหมายเลข {member}',
    la: 'ຝາກເງິນຍອດສູງ {amount} ສະມາຊິກເລກ {member}',
    en: 'Large deposit {amount}, member no. {member}',
  },
  fired: { th: '⚠️ แจ้งเตือน', la: '⚠️ ແຈ້ງເຕືອນ', en: '⚠️ Alert' },
  resolved: { th: '✅ กลับเป็นปกติแล้ว', la: '✅ ກັບມາປົກກະຕິແລ້ວ', en: '✅ Resolved' },
  notice: { th: '🔔 แจ้งให้ทราบ', la: '🔔 ແຈ້ງໃຫ້ຮູ້', en: '🔔 Notice' },
  test: {
    th: 'ทดสอบการแจ้งเตือนจากระบบหลังบ้าน: ช่องทางนี้ใช้งานได้',
    la: 'ທົດສອບການແຈ້ງເຕືອນຈາກລະບົບຫຼັງບ້ານ: ຊ່ອງທາງນີ້ໃຊ້ໄດ້',
    en: 'Test alert from the staff console: this channel works',
  },
  open: { th: 'เปิด', la: 'ເປີດ', en: 'Open' },
} satisfies Record<string, Words>;

export type AlertTextKey = keyof typeof ALERT_TEXTS;

/** A text with its `{name}` places filled. */
export function alertText(key: AlertTextKey, lang: Lang, values: Record<string, string | number> = {}): string {
  return ALERT_TEXTS[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
