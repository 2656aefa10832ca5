import { Type, type Static } from 'typebox';

/** §8: every refusal, and each call whose success says only that it went through, answers `{ message: CODE }`. */
export const Message = Type.Object({ message: Type.String() });
export type Message = Static<typeof Message>;
