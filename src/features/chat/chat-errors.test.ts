import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../tests/render';
import { errorMessage } from '../../lib/errors';
import { i18n, loadCatalogPart } from '../../lib/i18n';
import { chatCatalog } from './catalog';
import './chat-errors';

// another limit than the real one: the sentence must take its number from the contract, not carry its own
vi.mock('../../../contract/limits', async (importOriginal) => ({ ...(await importOriginal<object>()), CHAT_TEXT_MAX: 1234 }));

describe('the chat refusal for a long message', () => {
  it('names the contract limit in Thai, Lao and English', async () => {
    for (const [locale, words] of [
      ['en', 'A message can be at most 1234 characters.'],
      ['th', 'ข้อความยาวได้ไม่เกิน 1234 ตัวอักษร'],
      ['la', 'ຂໍ້ຄວາມຍາວໄດ້ບໍ່ເກີນ 1234 ຕົວອັກສອນ'],
    ] as const) {
      await setLocale(locale);
      await loadCatalogPart(chatCatalog);
      expect(errorMessage(i18n, 'CHAT_TOO_LONG')).toBe(words);
    }
  });
});
