import { Type, type Static } from 'typebox';
import { LocalizedText } from './localized.js';

/**
 * The support inbox (issue 24): the hours agents answer, what the greeter says when no agent has the inbox
 * open (`{hours}` is replaced by the hours, in the customer's language), when a waiting conversation turns
 * red in the inbox, and the canned replies of the agents' composer (a title for the agent, the words per
 * language: the conversation's language is used, Thai where one is missing).
 */
export const SupportSettingSchema = Type.Object(
  {
    hours: LocalizedText,
    offlineText: LocalizedText,
    unansweredMinutes: Type.Integer({
      minimum: 1,
      maximum: 1440,
      description: 'a conversation waiting this long for an answer turns red in the inbox',
    }),
    canned: Type.Array(
      Type.Object({ title: Type.String({ minLength: 1, maxLength: 60 }), text: LocalizedText }, { additionalProperties: false }),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);
export type SupportSetting = Static<typeof SupportSettingSchema>;

const t = (th: string, la: string, en: string) => ({ th, la, en });

export const DEFAULT_SUPPORT: SupportSetting = {
  hours: t('ทุกวัน 09:00–24:00 น.', 'ທຸກມື້ 09:00–24:00 ໂມງ', 'every day, 09:00 to midnight'),
  offlineText: t(
    'ขณะนี้ไม่มีเจ้าหน้าที่ออนไลน์ เวลาทำการ: {hours} ข้อความของคุณถูกบันทึกไว้แล้ว เจ้าหน้าที่จะตอบกลับโดยเร็วที่สุด',
    'ຕອນນີ້ບໍ່ມີພະນັກງານອອນລາຍ ເວລາເຮັດການ: {hours} ຂໍ້ຄວາມຂອງທ່ານຖືກບັນທຶກໄວ້ແລ້ວ ພະນັກງານຈະຕອບກັບໄວທີ່ສຸດ',
    'No agent is online right now. We answer {hours}. Your message is saved and an agent will reply as soon as possible.',
  ),
  unansweredMinutes: 5,
  canned: [
    {
      title: 'Greeting',
      text: t('สวัสดีค่ะ ยินดีให้บริการค่ะ', 'ສະບາຍດີ ຍິນດີໃຫ້ບໍລິການ', 'Hello, how can I help you?'),
    },
    {
      title: 'Checking a deposit',
      text: t(
        'ขอบคุณค่ะ กำลังตรวจสอบรายการฝากของคุณ กรุณารอสักครู่ค่ะ',
        'ຂອບໃຈ ກຳລັງກວດສອບລາຍການຝາກຂອງທ່ານ ກະລຸນາລໍຖ້າຈັກໜ້ອຍ',
        'Thank you, I am checking your deposit now. Please wait a moment.',
      ),
    },
    {
      title: 'Withdrawal paid',
      text: t(
        'รายการถอนของคุณโอนเรียบร้อยแล้วค่ะ กรุณาตรวจสอบบัญชีธนาคารของคุณ',
        'ລາຍການຖອນຂອງທ່ານໂອນຮຽບຮ້ອຍແລ້ວ ກະລຸນາກວດສອບບັນຊີທະນາຄານຂອງທ່ານ',
        'Your withdrawal has been paid. Please check your bank account.',
      ),
    },
    {
      title: 'Anything else?',
      text: t('มีอะไรให้ช่วยเพิ่มเติมไหมคะ', 'ມີຫຍັງໃຫ້ຊ່ວຍເພີ່ມເຕີມບໍ່', 'Is there anything else I can help with?'),
    },
  ],
};
