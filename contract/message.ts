import { Type, type Static } from 'typebox';

/**
 * §8: every refusal, and each call whose success says only that it went through, answers `{ message: CODE }`.
 * `detail`, where a refusal says more: a 401 'invalid-token' of a session ended because staff disabled its
 * member carries `INACTIVE_USER`, so the app can tell the member why they are signed out.
 */
export const Message = Type.Object({ message: Type.String(), detail: Type.Optional(Type.String()) });
export type Message = Static<typeof Message>;
