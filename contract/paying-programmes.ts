/**
 * The settings of the programmes that pay members: a change that makes one pay more takes two admins (server:
 * policy-settings.ts `paysMore`, which judges each of these), a change that pays less one admin. The console's
 * setting editor says so on these.
 */
export const PAYING_PROGRAMMES = ['invite', 'refund', 'coinRule', 'spinwheel', 'bonus'] as const;
export type PayingProgramme = (typeof PAYING_PROGRAMMES)[number];

/** Whether the setting `key` is one of them. */
export const isPayingProgramme = (key: string): key is PayingProgramme => (PAYING_PROGRAMMES as readonly string[]).includes(key);
