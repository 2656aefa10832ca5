import { Type, type TSchema } from 'typebox';

/** A value of the schema, or null (JSON null, not an absent field). */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
