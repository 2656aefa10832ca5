import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * The banks members register with, each in its country's list (migration 0022): the Thai site offers
 * the TH banks, the Lao site the LA banks (contract/account-rules.ts BANK_COUNTRY). Names in Thai, Lao
 * and English, as each bank writes its own.
 */
const BANKS = [
  { code: 'KBANK', country: 'TH', name_th: 'ธนาคารกสิกรไทย', name_la: 'ທະນາຄານກະສິກອນໄທ', name_en: 'Kasikornbank' },
  { code: 'KTB', country: 'TH', name_th: 'ธนาคารกรุงไทย', name_la: 'ທະນາຄານກຸງໄທ', name_en: 'Krungthai Bank' },
  { code: 'SCB', country: 'TH', name_th: 'ธนาคารไทยพาณิชย์', name_la: 'ທະນາຄານໄທພານິດ', name_en: 'Siam Commercial Bank' },
  { code: 'BBL', country: 'TH', name_th: 'ธนาคารกรุงเทพ', name_la: 'ທະນາຄານກຸງເທບ', name_en: 'Bangkok Bank' },
  { code: 'TMB', country: 'TH', name_th: 'ธนาคารทหารไทยธนชาต', name_la: 'ທະນາຄານທະຫານໄທທະນະຊາດ', name_en: 'TMBThanachart Bank' },
  { code: 'BAY', country: 'TH', name_th: 'ธนาคารกรุงศรีอยุธยา', name_la: 'ທະນາຄານກຸງສີອະຍຸທະຍາ', name_en: 'Bank of Ayudhya (Krungsri)' },
  { code: 'GSB', country: 'TH', name_th: 'ธนาคารออมสิน', name_la: 'ທະນາຄານອອມສິນ', name_en: 'Government Savings Bank' },
  {
    code: 'BAAC',
    country: 'TH',
    name_th: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    name_la: 'ທະນາຄານເພື່ອການກະເສດ ແລະ ສະຫະກອນການກະເສດ',
    name_en: 'Bank for Agriculture and Agricultural Cooperatives',
  },
  { code: 'KKP', country: 'TH', name_th: 'ธนาคารเกียรตินาคินภัทร', name_la: 'ທະນາຄານກຽດນາຄິນພັດທະ', name_en: 'Kiatnakin Phatra Bank' },
  { code: 'UOB', country: 'TH', name_th: 'ธนาคารยูโอบี', name_la: 'ທະນາຄານຢູໂອບີ', name_en: 'UOB Thailand' },
  {
    code: 'BCEL',
    country: 'LA',
    name_th: 'ธนาคารการค้าต่างประเทศลาว',
    name_la: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
    name_en: 'Banque pour le Commerce Exterieur Lao',
  },
  { code: 'LDB', country: 'LA', name_th: 'ธนาคารพัฒนาลาว', name_la: 'ທະນາຄານພັດທະນາລາວ', name_en: 'Lao Development Bank' },
  { code: 'APB', country: 'LA', name_th: 'ธนาคารส่งเสริมกสิกรรม', name_la: 'ທະນາຄານສົ່ງເສີມກະສິກຳ', name_en: 'Agricultural Promotion Bank' },
  { code: 'JDB', country: 'LA', name_th: 'ธนาคารร่วมพัฒนา', name_la: 'ທະນາຄານຮ່ວມພັດທະນາ', name_en: 'Joint Development Bank' },
  { code: 'LVB', country: 'LA', name_th: 'ธนาคารร่วมธุรกิจลาว-เวียด', name_la: 'ທະນາຄານຮ່ວມທຸລະກິດລາວ-ຫວຽດ', name_en: 'Lao-Viet Bank' },
  { code: 'STB', country: 'LA', name_th: 'ธนาคารเอสที', name_la: 'ທະນາຄານ ເອັສທີ', name_en: 'ST Bank' },
  { code: 'IDCB', country: 'LA', name_th: 'ธนาคารอินโดจีน', name_la: 'ທະນາຄານອິນໂດຈີນ', name_en: 'Indochina Bank' },
  { code: 'BIC', country: 'LA', name_th: 'ธนาคารบีไอซี ลาว', name_la: 'ທະນາຄານ ບີໄອຊີ ລາວ', name_en: 'BIC Bank Lao' },
  {
    code: 'MJBL',
    country: 'LA',
    name_th: 'ธนาคารมารูฮันเจแปนลาว',
    name_la: 'ທະນາຄານມາຣູຮັນເຈແປນລາວ',
    name_en: 'Maruhan Japan Bank Lao',
  },
  { code: 'PSVB', country: 'LA', name_th: 'ธนาคารโพนสะหวัน', name_la: 'ທະນາຄານພົ້ງສະຫວັນ', name_en: 'Phongsavanh Bank' },
  { code: 'ACLEDA', country: 'LA', name_th: 'ธนาคารเอซีลีดา ลาว', name_la: 'ທະນາຄານ ເອຊີລີດາ ລາວ', name_en: 'ACLEDA Bank Lao' },
  { code: 'VCB', country: 'LA', name_th: 'ธนาคารการค้าเวียงจันทน์', name_la: 'ທະນາຄານການຄ້າວຽງຈັນ', name_en: 'Vientiane Commercial Bank' },
];

/**
 * Adds the banks a database lacks (all of them on a first start; the Lao banks on one seeded before
 * them), and the Lao name where the operator set none. The list's order is the registration order.
 */
export async function seedBanks(db: Kysely<DB>): Promise<void> {
  const present = new Map((await db.selectFrom('banks').select(['code', 'name_la']).execute()).map((b) => [b.code, b.name_la]));
  const missing = BANKS.map((b, sort) => ({ ...b, sort })).filter((b) => !present.has(b.code));
  if (missing.length) await db.insertInto('banks').values(missing).execute();
  // a database seeded before names came per language gets them now, where the operator set none; on
  // every later start there is none to write (this runs under the start-up lock: no query per bank)
  for (const b of BANKS.filter((b) => present.has(b.code) && present.get(b.code) === null)) {
    await db.updateTable('banks').set({ name_la: b.name_la }).where('code', '=', b.code).where('name_la', 'is', null).execute();
  }
}
