/**
 * The settings of the programmes that pay members: a change that makes one pay more takes two admins (server:
 * policy-settings.ts `paysMore`, which judges each of these), a change that pays less one admin. The console's
 * setting editor says so on these.
 */
export const PAYING_PROGRAMMES: readonly string[] = ['invite', 'refund', 'coinRule', 'spinwheel', 'bonus'];
