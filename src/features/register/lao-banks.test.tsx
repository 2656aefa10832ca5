import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { BankStep } from './screens/bank-step';

// the Lao build (VITE_VARIANT=la)
vi.mock('../../lib/variant', () => ({ VARIANT: 'la', APP_VERSION: 'test', BUILD_HASH: 'test' }));

const bank = (code: string, country: string, name: string) => ({ code, country, nameTH: name, nameEN: name, name });

describe('the bank step of the Lao build', () => {
  it('offers the Lao banks only, BCEL recommended, never a Thai bank', async () => {
    await setLocale('la');
    fakeServer({
      'GET /api/lookup/banks': () => [
        200,
        {
          banks: [
            bank('KBANK', 'TH', 'ທະນາຄານກະສິກອນໄທ'),
            bank('KTB', 'TH', 'ທະນາຄານກຸງໄທ'),
            bank('BCEL', 'LA', 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ'),
            bank('LDB', 'LA', 'ທະນາຄານພັດທະນາລາວ'),
          ],
        },
      ],
    });
    const profile = { name: 'ສົມໃຈ ດີ', password: 'secret123', confirm: 'secret123', sourceCode: '', inviteCode: '' };
    renderScreen(<BankStep phone="02055512345" otpToken={undefined} profile={profile} onDone={vi.fn()} onBack={vi.fn()} />);
    await screen.findByRole('option', { name: /ທະນາຄານພັດທະນາລາວ/ });
    const options = within(screen.getAllByRole('combobox')[0]!)
      .getAllByRole('option')
      .map((o) => o.textContent ?? '');
    expect(options.slice(1)).toEqual([expect.stringMatching(/^ທະນາຄານການຄ້າຕ່າງປະເທດລາວ \(.+\)$/), 'ທະນາຄານພັດທະນາລາວ']);
    expect(options.join(' ')).not.toMatch(/[\u0E00-\u0E7F]/);
  });
});
