import { Type, type Static } from 'typebox';

const text = (maxLength: number) => Type.String({ maxLength });

export const RegistrationBody = Type.Object({
  name: text(200),
  username: text(32),
  password: text(256),
  sourceCode: Type.Optional(text(32)),
  inviteCode: Type.Optional(text(32)),
  bankCode: text(16),
  bankAccountName: text(200),
  bankAccountNo: text(32),
  currency: Type.Optional(Type.Union([Type.Literal('LAK'), Type.Literal('BAHT')])),
  /** The token of the OTP this phone was verified with; required while registerOTP is on, used up by the registration. */
  otpToken: Type.Optional(text(200)),
});
export type RegistrationBody = Static<typeof RegistrationBody>;

export const Profile = Type.Object({
  _id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  coin: Type.Integer(),
  currency: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export const BankAccount = Type.Object({
  bank: Type.Object({ nameTH: Type.String(), nameEN: Type.String() }),
  bankCode: Type.String(),
  bankAccountName: Type.String(),
  bankAccountNo: Type.String(),
});
export const ProfileResponse = Type.Object({ profile: Profile, bankAccount: BankAccount });
export type ProfileResponse = Static<typeof ProfileResponse>;

export const ProfileUpdateBody = Type.Object({
  name: text(200),
  bankCode: text(16),
  bankAccountName: text(200),
  bankAccountNo: text(32),
  /** The member's password: needed when the bank account (where withdrawals are paid) changes. */
  password: Type.Optional(text(256)),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;
export const BankAccountNameBody = Type.Object({ bankCode: text(16), bankAccountName: text(200) });
export type BankAccountNameBody = Static<typeof BankAccountNameBody>;
export const ChangePasswordBody = Type.Object({ oldPassword: text(256), newPassword: text(256) });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const LoginBody = Type.Object({ username: text(32), password: text(256) });
export type LoginBody = Static<typeof LoginBody>;
export const LoginResponse = Type.Object({ token: Type.String() });
export type LoginResponse = Static<typeof LoginResponse>;
