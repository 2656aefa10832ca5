import { Type, type Static } from 'typebox';
import { LANGS } from './lang.js';
import type { MemberEvent } from './member-events.js';

/**
 * Web Push and "while you were away" (issue 38). The app asks for notifications only after the member's
 * first deposit or first chat; in the profile the member turns them off for their account (every device)
 * or stops them on one device.
 */

/** GET /api/push/key: the VAPID public key a device subscribes with (applicationServerKey). */
export const PushKey = Type.Object({ publicKey: Type.String() });
export type PushKey = Static<typeof PushKey>;

/** PUT /api/push/subscription: the device's PushSubscription.toJSON(), and the language its notifications are written in. */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: 1000 }),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 1, maxLength: 200 }),
    auth: Type.String({ minLength: 1, maxLength: 100 }),
  }),
  lang: Type.Union(LANGS.map((l) => Type.Literal(l))),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

/** POST /api/push/unsubscribe: this device no longer wants notifications. */
export const PushEndpointBody = Type.Object({ endpoint: Type.String({ minLength: 1, maxLength: 1000 }) });
export type PushEndpointBody = Static<typeof PushEndpointBody>;

/**
 * GET and PUT /api/push/preference: whether the member wants notifications at all. Off: nothing is pushed
 * to any of their devices (each stays subscribed, and is told again once it is on).
 */
export const PushPreference = Type.Object({ on: Type.Boolean() }, { additionalProperties: false });
export type PushPreference = Static<typeof PushPreference>;

/** One thing that happened (contract/member-events.ts' event), when, by its id. */
export const Notice = Type.Object({
  id: Type.Integer(),
  createdAt: Type.String({ description: 'ISO time' }),
  event: Type.Unsafe<MemberEvent>(Type.Object({ kind: Type.String() }, { additionalProperties: true })),
});
export type Notice = Static<typeof Notice>;

/** GET /api/push/notices: the newest notices the member has not seen (at most NOTICES_LISTED, contract/limits.ts), newest first. */
export const NoticeList = Type.Object({ notices: Type.Array(Notice) });
export type NoticeList = Static<typeof NoticeList>;

/** POST /api/push/notices/seen: every notice up to this id is seen. */
export const NoticesSeenBody = Type.Object({ upTo: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
export type NoticesSeenBody = Static<typeof NoticesSeenBody>;
