import { Type, type Static } from 'typebox';
import { LocalizedText } from './localized.js';

/** A button of a chat message (§3 Chat payloads): a link, a phone number to call, or a postback. */
export const ChatButtonSetting = Type.Object(
  {
    title: LocalizedText,
    type: Type.Union([Type.Literal('web'), Type.Literal('call'), Type.Literal('postback')]),
    payload: Type.String({ minLength: 1, maxLength: 500, description: 'the URL, the phone number, or the postback value' }),
  },
  { additionalProperties: false },
);

/**
 * The support chat: `enabled` is the chat backend (GET /api/chat/config answers only when on; the
 * enableChatWidget lookup is true only when both it and this are on). The greeter answers the first
 * customer message of every new session with these four messages, in the language the site sends.
 */
export const ChatSettingSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    greeter: Type.Object(
      {
        enabled: Type.Boolean(),
        text: LocalizedText,
        quickReplies: Type.Object(
          {
            message: LocalizedText,
            replies: Type.Array(
              Type.Object({ title: LocalizedText, payload: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
              {
                minItems: 1,
                maxItems: 13,
              },
            ),
          },
          { additionalProperties: false },
        ),
        buttons: Type.Object(
          { message: LocalizedText, buttons: Type.Array(ChatButtonSetting, { minItems: 1, maxItems: 3 }) },
          { additionalProperties: false },
        ),
        carousel: Type.Array(
          Type.Object(
            {
              image_url: Type.String({ minLength: 1 }),
              title: LocalizedText,
              subtitle: LocalizedText,
              buttons: Type.Array(ChatButtonSetting, { maxItems: 3 }),
            },
            { additionalProperties: false },
          ),
          { minItems: 1, maxItems: 10 },
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ChatSetting = Static<typeof ChatSettingSchema>;

const t = (th: string, la: string, en: string) => ({ th, la, en });

/** The seeded chat: on, with a greeter that shows every message kind of §2. */
export const DEFAULT_CHAT: ChatSetting = {
  enabled: true,
  greeter: {
    enabled: true,
    text: t(
      'สวัสดีค่ะ ยินดีต้อนรับสู่ฝ่ายบริการลูกค้า ทีมงานจะตอบกลับภายใน 5 นาที',
      'ສະບາຍດີ ຍິນດີຕ້ອນຮັບສູ່ຝ່າຍບໍລິການລູກຄ້າ ທີມງານຈະຕອບກັບພາຍໃນ 5 ນາທີ',
      'Hello, welcome to customer service. The team answers within 5 minutes.',
    ),
    quickReplies: {
      message: t('ต้องการสอบถามเรื่องใดคะ', 'ຕ້ອງການສອບຖາມເລື່ອງໃດ', 'What can we help you with?'),
      replies: [
        { title: t('ฝากเงิน', 'ຝາກເງິນ', 'Deposit'), payload: 'DEPOSIT' },
        { title: t('ถอนเงิน', 'ຖອນເງິນ', 'Withdraw'), payload: 'WITHDRAW' },
        { title: t('โบนัส', 'ໂບນັດ', 'Bonus'), payload: 'BONUS' },
      ],
    },
    buttons: {
      message: t('ช่องทางติดต่ออื่น', 'ຊ່ອງທາງຕິດຕໍ່ອື່ນ', 'Other ways to reach us'),
      buttons: [
        { title: t('LINE', 'LINE', 'LINE'), type: 'web', payload: 'https://line.me/R/ti/p/@walletdemo' },
        { title: t('โทรหาเรา', 'ໂທຫາພວກເຮົາ', 'Call us'), type: 'call', payload: '+6620000000' },
        { title: t('คุยกับพนักงาน', 'ລົມກັບພະນັກງານ', 'Talk to a person'), type: 'postback', payload: 'AGENT' },
      ],
    },
    carousel: [
      {
        image_url: '/bonus/first-deposit.svg',
        title: t('โบนัสฝากแรก 100%', 'ໂບນັດຝາກທຳອິດ 100%', 'First deposit bonus 100%'),
        subtitle: t('รับได้ครั้งเดียว', 'ຮັບໄດ້ຄັ້ງດຽວ', 'Once per member'),
        buttons: [{ title: t('รายละเอียด', 'ລາຍລະອຽດ', 'Details'), type: 'postback', payload: 'BONUS_FIRSTDEP100' }],
      },
      {
        image_url: '/bonus/daily.svg',
        title: t('โบนัสรายวัน 10%', 'ໂບນັດລາຍວັນ 10%', 'Daily bonus 10%'),
        subtitle: t('ทุกวัน', 'ທຸກມື້', 'Every day'),
        buttons: [{ title: t('รายละเอียด', 'ລາຍລະອຽດ', 'Details'), type: 'postback', payload: 'BONUS_DAILY10' }],
      },
    ],
  },
};
